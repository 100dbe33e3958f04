import { paths } from '#client/paths.ts';
import { Icon } from '#client/components/ui/icon.tsx';
import { useState } from 'react';
import { Link } from 'react-router';
import { productsCount } from '#shared/plural.ts';
import { categoryCardName } from '#shared/text.ts';
import type { Category } from '#shared/types.ts';

const PLACEHOLDER = '/placeholder-product.svg';

function CategoryCard({ category, supplier }: { category: Category; supplier?: string }) {
  const [src, setSrc] = useState(category.imageUrl || PLACEHOLDER);
  const to = `${paths.category(category.slug)}${supplier ? `?supplier=${encodeURIComponent(supplier)}` : ''}`;
  return (
    <Link
      to={to}
      className="group flex flex-col overflow-hidden rounded-lg border border-border bg-card shadow-xs transition hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md"
      title={category.name}
    >
      <div className="flex aspect-[4/3] items-center justify-center bg-muted p-3">
        <img
          src={src}
          alt=""
          width={200}
          height={150}
          loading="lazy"
          decoding="async"
          onError={() => setSrc(PLACEHOLDER)}
          className="h-full w-full object-contain transition group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="text-sm font-semibold leading-snug sm:text-base">{categoryCardName(category.name)}</h3>
        <p className="mt-auto text-xs text-muted-foreground sm:text-sm">{productsCount(category.productCount)}</p>
      </div>
    </Link>
  );
}

export function CategoryGrid({ categories, supplier }: { categories: Category[]; supplier?: string }) {
  if (categories.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border p-10 text-center text-muted-foreground">
        <Icon name="wrench" className="size-8" />
        <p>Категории пока не созданы.</p>
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-4 lg:grid-cols-6">
      {categories.map((c) => (
        <li key={c.id} className="flex">
          <CategoryCard category={c} supplier={supplier} />
        </li>
      ))}
    </ul>
  );
}
