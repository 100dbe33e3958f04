import { FileSpreadsheet, FolderTree, PackagePlus, ShoppingBag, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { adminPaths } from '#client/features/admin/paths.ts';
import { HeadedSection } from '#client/components/ui/headed-section.tsx';

const QUICK_ACTIONS: { to: string; label: string; hint: string; icon: LucideIcon }[] = [
  { to: adminPaths.productCreate, label: 'Добавить товар', hint: 'Новая карточка в каталоге', icon: PackagePlus },
  { to: adminPaths.supplierImporter, label: 'Импорт прайс-листов', hint: 'CSV, Excel и YML поставщиков', icon: FileSpreadsheet },
  { to: adminPaths.categories, label: 'Категории', hint: 'Разделы каталога', icon: FolderTree },
  { to: adminPaths.orders, label: 'Заказы', hint: 'Обработка и статусы', icon: ShoppingBag },
];

export function QuickActions() {
  return (
    <HeadedSection id="quick-actions" title="Быстрые действия" headingClassName="sr-only" className="mb-6">
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {QUICK_ACTIONS.map(({ to, label, hint, icon: Icon }) => (
          <li key={to} className="flex">
            <Link
              to={to}
              className="group flex w-full items-center gap-3 rounded-lg border bg-card p-3 shadow-xs transition hover:border-primary/50 hover:shadow-md sm:p-4"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground">
                <Icon className="size-5" aria-hidden />
              </span>
              <span className="min-w-0">
                <span className="block text-sm font-semibold sm:text-base">{label}</span>
                <span className="hidden text-sm text-muted-foreground sm:block">{hint}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}
