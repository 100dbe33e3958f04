import { useQuery } from '@tanstack/react-query';
import { UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { ApiError } from '#client/lib/api.ts';
import { sessionQuery } from '#client/lib/session.ts';
import { ADMIN_PAGE_SIZE } from '#shared/constants.ts';
import { totalPagesOf } from '#shared/pagination.ts';
import type { AdminUser } from '#shared/types.ts';
import { ListPagination, useLastPageAtMost } from '#client/features/admin/components/list-pagination.tsx';
import { PageHeader } from '#client/features/admin/components/page-header.tsx';
import { useAdminTitle } from '#client/features/admin/components/use-admin-title.ts';
import { useListFilters } from '#client/features/admin/components/use-list-filters.ts';
import { NO_USER_FILTERS, adminUsersQuery, useSetUserActive } from './api.ts';
import { CustomerCardDialog } from './customer-card-dialog.tsx';
import { BlockUserDialog } from './user-dialogs.tsx';
import { UserFilters, readUserFilters } from './user-filters.tsx';
import { UserFormDialog, type UserDialogState } from './user-form-dialog.tsx';
import { UserCards, UsersTable, type UserActions } from './users-list.tsx';
import { ListCard } from '#client/features/admin/components/list-card.tsx';

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

      <ListCard
        title="Список пользователей"
        description={`Всего: ${list.data ? total : '…'}`}
        query={list}
        labels={{ refreshing: 'Обновление списка', loading: 'Загрузка пользователей', failure: 'Не удалось загрузить пользователей' }}
        empty={users.length === 0 ? { icon: Users, title: 'Нет пользователей', text: 'Пользователи появятся здесь, когда зарегистрируются или будут добавлены.' } : null}
      >
        <UsersTable users={users} {...actions} />
        <UserCards users={users} {...actions} />
      </ListCard>
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
