import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { PageHeader } from '#client/features/admin/components/page-header.tsx';
import { useAdminTitle } from '#client/features/admin/components/use-admin-title.ts';
import { dashboardQuery } from './api.ts';
import { LatestOrders, LowStock, PerCategory } from './dashboard-panels.tsx';
import { QuickActions } from './quick-actions.tsx';
import { StatCards } from './stat-cards.tsx';

function DashboardSkeleton() {
  return (
    <div aria-busy="true" aria-label="Загрузка показателей" className="grid gap-6">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-36 rounded-lg" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Skeleton className="h-96 rounded-lg" />
        <Skeleton className="h-96 rounded-lg" />
      </div>
    </div>
  );
}

export default function DashboardPage() {
  useAdminTitle('Обзор');
  const query = useQuery(dashboardQuery());
  const d = query.data;
  return (
    <>
      <PageHeader title="Обзор" description="Показатели магазина за последние 30 дней в сравнении с предыдущими 30 днями" />
      <QuickActions />
      {query.isPending ? (
        <DashboardSkeleton />
      ) : query.isError ? (
        <LoadError title="Не удалось загрузить показатели" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        d && (
          <div className="grid grid-cols-1 gap-6">
            <StatCards dashboard={d} />
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
              <div className="grid min-w-0 grid-cols-1 content-start gap-6">
                <LatestOrders orders={d.latestOrders} />
                <LowStock lowStock={d.lowStock} />
              </div>
              <PerCategory categories={d.categories} />
            </div>
          </div>
        )
      )}
    </>
  );
}
