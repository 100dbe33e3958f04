import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { FullScreenSpinner } from '#client/components/ui/full-screen-spinner.tsx';
import { sessionQuery } from '#client/lib/queries/session.ts';
import { isStaff } from '#shared/constants.ts';

/** The back office: a client-only chunk, for staff only (the API checks roles again). */
export function Component() {
  const location = useLocation();
  const session = useQuery(sessionQuery());
  if (session.isPending) return <FullScreenSpinner />;
  const user = session.data;
  if (!user) return <Navigate to={`/auth?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (!isStaff(user.role)) {
    return (
      <div className="flex min-h-screen flex-col items-center justify-center gap-4 bg-surface px-4 text-center">
        <h1 className="text-3xl font-bold">Доступ запрещён</h1>
        <p className="text-muted-foreground">Раздел доступен только сотрудникам магазина.</p>
        <Button asChild>
          <a href="/">Вернуться в магазин</a>
        </Button>
      </div>
    );
  }
  return (
    <div className="min-h-screen bg-surface p-8">
      <h1 className="text-2xl font-bold">Панель управления</h1>
    </div>
  );
}
