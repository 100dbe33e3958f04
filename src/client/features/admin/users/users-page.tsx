import { useQuery } from '@tanstack/react-query';
import { UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { EmptyState } from '#client/features/admin/components/empty-state.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { ApiError } from '#client/lib/api.ts';
import { sessionQuery } from '#client/lib/session.ts';
import { ADMIN_PAGE_SIZE } from '#shared/constants.ts';
import { totalPagesOf } from '#shared/pagination.ts';
import type { AdminUser } from '#shared/types.ts';
import { ListPagination, useLastPageAtMost } from '#client/features/admin/components/list-pagination.tsx';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { PageHeader } from '#client/features/admin/components/page-header.tsx';
import { useAdminTitle } from '#client/features/admin/components/use-admin-title.ts';
import { useListFilters } from '#client/features/admin/components/use-list-filters.ts';
import { NO_USER_FILTERS, adminUsersQuery, useSetUserActive } from './api.ts';
import { CustomerCardDialog } from './customer-card-dialog.tsx';
import { BlockUserDialog } from './user-dialogs.tsx';
import { UserFilters, readUserFilters } from './user-filters.tsx';
import { UserFormDialog, type UserDialogState } from './user-form-dialog.tsx';
import { UserCards, UsersTable, type UserActions } from './users-list.tsx';

export default function UsersPage() {
  useAdminTitle('Управление клиентами');
  const [filters, setFilters] = useListFilters(readUserFilters, NO_USER_FILTERS);
  const list = useQuery(adminUsersQuery(filters));
  const session = useQuery(sessionQuery());
  const selfId = session.data?.id ?? null;
  const [details, setDetails] = useState<AdminUser | null>(null);
  const [form, setForm] = useState<UserDialogState>(null);
  const [toBlock, setToBlock] = useState<AdminUser | null>(null);

  const status = useSetUserActive({
    onSuccess: (user) => {
      toast(
        user.isActive
          ? { title: 'Пользователь активирован', description: `«${user.username}» снова может войти в систему`, variant: 'success' }
          : { title: 'Пользователь деактивирован', description: `Доступ «${user.username}» к системе ограничен`, variant: 'success' },
      );
      setToBlock(null);
    },
    onError: (error) => {
      toast({
        title: 'Ошибка',
        description: error instanceof ApiError && error.message ? error.message : 'Не удалось изменить статус пользователя',
        variant: 'destructive',
      });
      setToBlock(null);
    },
  });

  const total = list.data?.total ?? 0;
  const totalPages = totalPagesOf(total, ADMIN_PAGE_SIZE);
  const users = list.data?.users ?? [];
  useLastPageAtMost(filters.page, totalPages, Boolean(list.data) && !list.isPlaceholderData, (page) => setFilters({ page }));
  const edit = (user: AdminUser) => setForm({ mode: 'edit', user });
  const actions: UserActions = { onDetails: setDetails, onEdit: edit };

  return (
    <>
      <PageHeader
        title="Управление клиентами"
        description="Покупатели, менеджеры и администраторы магазина"
        actions={
          <Button onClick={() => setForm({ mode: 'create' })}>
            <UserPlus aria-hidden />
            Добавить клиента
          </Button>
        }
      />
      <UserFilters filters={filters} onChange={setFilters} />

      <Card>
        <CardHeader className="flex-row items-center justify-between gap-3 space-y-0">
          <div>
            <CardTitle as="h2">Список пользователей</CardTitle>
            <CardDescription>Всего: {list.data ? total : '…'}</CardDescription>
          </div>
          {list.isFetching && !list.isPending && <Spinner size="sm" label="Обновление списка" />}
        </CardHeader>
        {list.isError ? (
          <div className="p-4 pt-0 sm:p-6 sm:pt-0">
            <LoadError title="Не удалось загрузить пользователей" error={list.error} onRetry={() => void list.refetch()} />
          </div>
        ) : list.isPending ? (
          <div className="flex justify-center p-10">
            <Spinner size="lg" label="Загрузка пользователей" />
          </div>
        ) : users.length === 0 ? (
          <EmptyState className="border-t" icon={Users} title="Нет пользователей" text="Пользователи появятся здесь, когда зарегистрируются или будут добавлены." />
        ) : (
          <div className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <UsersTable users={users} {...actions} />
            <UserCards users={users} {...actions} />
          </div>
        )}
      </Card>
      {users.length > 0 && (
        <ListPagination className="mt-6" page={filters.page} totalPages={totalPages} onPageChange={(page) => setFilters({ page })} />
      )}

      <CustomerCardDialog
        user={details}
        onClose={() => setDetails(null)}
        selfId={selfId}
        busyId={status.isPending ? (status.variables?.user.id ?? null) : null}
        onEdit={(user) => {
          setDetails(null);
          edit(user);
        }}
        onBlock={(user) => {
          setDetails(null);
          setToBlock(user);
        }}
        onActivate={(user) => status.mutate({ user, isActive: true })}
      />
      <UserFormDialog state={form} selfId={selfId} onClose={() => setForm(null)} />
      <BlockUserDialog
        user={toBlock}
        pending={status.isPending}
        onConfirm={(user) => status.mutate({ user, isActive: false })}
        onClose={() => setToBlock(null)}
      />
    </>
  );
}
