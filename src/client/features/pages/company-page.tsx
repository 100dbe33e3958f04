import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Breadcrumbs } from '#client/components/ui/breadcrumbs.tsx';
import { HeadedSection } from '#client/components/ui/headed-section.tsx';
import { useBranches } from '#client/lib/branches.ts';
import { cn } from '#client/lib/utils.ts';
import { publicSettingsQuery } from '#client/lib/settings.ts';
import { paths } from '#client/paths.ts';
import type { Branch } from '#shared/schemas/branches.ts';

/** What «О компании» and «Контакты» are written from: the shop's settings and its branches. */
export function useCompany() {
  const { data: settings } = useSuspenseQuery(publicSettingsQuery());
  return { shop: settings.shop, branches: useBranches() };
}

/** The frame of «О компании» and «Контакты»: the page's width and its breadcrumbs. */
export function CompanyPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <Breadcrumbs items={[{ label: 'Главная', to: paths.home }, { label: title }]} />
      {children}
    </div>
  );
}

/**
 * The branches' section: its heading, a line about them, and one card each, framed here (`cardClassName`
 * adds to the frame) with the branch's slug as its id, for links to one branch.
 */
export function BranchesSection({
  id,
  title,
  intro,
  className,
  branches,
  cardClassName,
  card,
}: {
  id: string;
  title: string;
  intro: string;
  className: string;
  branches: Branch[];
  cardClassName?: string;
  card: (branch: Branch) => ReactNode;
}) {
  return (
    <HeadedSection id={id} title={title} headingClassName="text-2xl font-bold" className={className}>
      <p className="mt-2 max-w-3xl text-muted-foreground">{intro}</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {branches.map((branch) => (
          <li key={branch.id} id={branch.slug} className={cn('rounded-lg border bg-card p-5 shadow-sm', cardClassName)}>
            {card(branch)}
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}
