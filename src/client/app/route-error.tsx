import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { ApiError } from '#client/lib/api.ts';
import { MaintenancePage } from './maintenance-page.tsx';
import { paths } from '#client/paths.ts';

/** A failed page keeps the shell: a clear Russian message and a way back. */
export function RouteError() {
  const error = useRouteError();
  // Maintenance mode: the root loader answers 503 (no shell around it), a page's API call 503 inside the shell.
  if (isRouteErrorResponse(error) && error.status === 503) return <MaintenancePage />;
  if (error instanceof ApiError && error.status === 503) return <MaintenancePage withLogo={false} />;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (typeof console !== 'undefined' && !notFound) console.error(error);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      {notFound && <p className="text-7xl font-extrabold text-primary" aria-hidden>404</p>}
      <h1 className="text-3xl font-bold">{notFound ? '404 Страница не найдена' : 'Что-то пошло не так'}</h1>
      <p className="text-muted-foreground">
        {notFound ? 'Возможно, такой страницы не существует.' : 'Не удалось загрузить страницу. Обновите её или попробуйте позже.'}
      </p>
      <Button asChild>
        <Link to={paths.home}>На главную</Link>
      </Button>
    </div>
  );
}
