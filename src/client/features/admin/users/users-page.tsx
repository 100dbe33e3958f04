import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, CheckCircle2, Eye, Pencil, Search, UserPlus, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Pagination } from '#client/components/ui/pagination.tsx';
import { NativeSelect } from '#client/components/ui/select.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { ApiError } from '#client/lib/api.ts';
import { sessionQuery } from '#client/lib/session.ts';
import { ADMIN_MAX_PAGE_BUTTONS, ROLES } from '#shared/constants.ts';
import { formatDate, formatDateTime, formatTime } from '#shared/dates.ts';
import { adminPageItems, totalPagesOf } from '#shared/pagination.ts';
import type { AdminUser } from '#shared/types.ts';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { PageHeader } from '#client/features/admin/components/page-header.tsx';
import { useAdminTitle } from '#client/features/admin/components/use-admin-title.ts';
import {
  DEFAULT_USER_FILTERS,
  adminUsersQuery,
  invalidateUsers,
  setUserActive,
  type AdminUserFilters,
  type UserRoleFilter,
  type UserStatusFilter,
} from './api.ts';
import { BlockUserDialog, UserDetailsDialog, UserStatusBadge, roleLabel } from './user-dialogs.tsx';
import { UserFormDialog, type UserDialogState } from './user-form-dialog.tsx';

const ROLE_FILTERS: { value: UserRoleFilter; label: string }[] = [
  { value: 'all', label: 'Все роли' },
  { value: 'user', label: 'Пользователи' },
  { value: 'admin', label: 'Администраторы' },
  { value: 'manager', label: 'Менеджеры' },
];
const STATUS_FILTERS: { value: UserStatusFilter; label: string }[] = [
  { value: 'all', label: 'Все статусы' },
  { value: 'true', label: 'Активные' },
  { value: 'false', label: 'Неактивные' },
];

/** The list state of spec 4 (query, role, isActive, page, limit), kept in the address. */
function useFilters(): [AdminUserFilters, (next: AdminUserFilters) => void] {
  const [params, setParams] = useSearchParams();
  const role = params.get('role');
  const isActive = params.get('isActive');
  const page = Number(params.get('page'));
  const filters: AdminUserFilters = {
    ...DEFAULT_USER_FILTERS,
    query: params.get('query') ?? '',
    role: role && (ROLES as readonly string[]).includes(role) ? (role as UserRoleFilter) : 'all',
    isActive: isActive === 'true' || isActive === 'false' ? isActive : 'all',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
  const set = (next: AdminUserFilters) => {
    const search = new URLSearchParams();
    if (next.query) search.set('query', next.query);
    if (next.role !== 'all') search.set('role', next.role);
    if (next.isActive !== 'all') search.set('isActive', next.isActive);
    if (next.page > 1) search.set('page', String(next.page));
    setParams(search, { replace: next.page === filters.page });
  };
  return [filters, set];
}

function FilterSelect<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function FilterCard({ filters, onChange }: { filters: AdminUserFilters; onChange: (next: AdminUserFilters) => void }) {
  const [text, setText] = useState(filters.query);
  const [synced, setSynced] = useState(filters.query);
  if (filters.query !== synced) {
    setSynced(filters.query);
    setText(filters.query);
  }
  return (
    <Card className="mb-4">
      <CardContent className="pt-4 sm:pt-6">
        <form
          role="search"
          className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            onChange({ ...filters, query: text.trim(), page: 1 });
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="users-query">Поиск</Label>
            <div className="relative">
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
              <Input
                id="users-query"
                type="search"
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder="Имя, логин или email"
                className="pl-9"
              />
            </div>
          </div>
          <FilterSelect
            id="users-role"
            label="Роль"
            value={filters.role}
            options={ROLE_FILTERS}
            onChange={(role) => onChange({ ...filters, query: text.trim(), role, page: 1 })}
          />
          <FilterSelect
            id="users-status"
            label="Статус"
            value={filters.isActive}
            options={STATUS_FILTERS}
            onChange={(isActive) => onChange({ ...filters, query: text.trim(), isActive, page: 1 })}
          />
          <div className="flex gap-2">
            <Button type="submit" className="flex-1 md:flex-none">
              Применить
            </Button>
            <Button
              variant="outline"
              className="flex-1 md:flex-none"
              onClick={() => {
                setText('');
                onChange(DEFAULT_USER_FILTERS);
              }}
            >
              Сбросить
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

type Actions = {
  selfId: number | null;
  busyId: number | null;
  onDetails: (user: AdminUser) => void;
  onEdit: (user: AdminUser) => void;
  onBlock: (user: AdminUser) => void;
  onActivate: (user: AdminUser) => void;
};

function RowActions({
  user,
  selfId,
  busyId,
  onDetails,
  onEdit,
  onBlock,
  onActivate,
  compact,
}: { user: AdminUser; compact?: boolean } & Actions) {
  const busy = busyId === user.id;
  const self = user.id === selfId;
  return (
    <div className={compact ? 'flex justify-end gap-1' : 'flex flex-wrap justify-end gap-1'}>
      <Button variant="outline" size={compact ? 'icon-sm' : 'sm'} onClick={() => onDetails(user)} aria-label={`Детали: ${user.username}`} title="Детали">
        <Eye aria-hidden />
        {!compact && 'Детали'}
      </Button>
      <Button variant="outline" size={compact ? 'icon-sm' : 'sm'} onClick={() => onEdit(user)} aria-label={`Изменить: ${user.username}`} title="Изменить">
        <Pencil aria-hidden />
        {!compact && 'Изменить'}
      </Button>
      {user.isActive ? (
        <Button
          variant="destructive"
          size="sm"
          onClick={() => onBlock(user)}
          disabled={self || busy}
          title={self ? 'Свою учётную запись заблокировать нельзя' : undefined}
          aria-label={`Блокировать: ${user.username}`}
        >
          {busy ? <Spinner size="sm" label="Блокировка" /> : <Ban aria-hidden />}
          Блокировать
        </Button>
      ) : (
        <Button variant="secondary" size="sm" onClick={() => onActivate(user)} disabled={busy} aria-label={`Активировать: ${user.username}`}>
          {busy ? <Spinner size="sm" label="Активация" /> : <CheckCircle2 aria-hidden />}
          Активировать
        </Button>
      )}
    </div>
  );
}

const email = (user: AdminUser) => user.email ?? <span className="text-muted-foreground">Не указан</span>;

function UsersTable({ users, ...actions }: { users: AdminUser[] } & Actions) {
  return (
    <Table containerClassName="hidden rounded-none border-x-0 border-b-0 lg:block" className="[&_td]:px-2.5 [&_th]:px-2.5">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>ID</TableHead>
          <TableHead>Логин</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Роль</TableHead>
          <TableHead>Статус</TableHead>
          <TableHead>Дата регистрации</TableHead>
          <TableHead className="text-right">Действия</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id} data-testid="admin-user-row">
            <TableCell className="tabular-nums">{user.id}</TableCell>
            <TableCell className="max-w-36 truncate font-medium" title={user.username}>
              {user.username}
            </TableCell>
            <TableCell className="max-w-44 truncate" title={user.email ?? undefined}>
              {email(user)}
            </TableCell>
            <TableCell>{roleLabel(user.role)}</TableCell>
            <TableCell>
              <UserStatusBadge isActive={user.isActive} />
            </TableCell>
            <TableCell className="tabular-nums">
              {/* '21 ноября 2026 г., 14:05' on two lines */}
              <span className="block">{formatDate(user.createdAt)},</span>{' '}
              <span className="block text-xs text-muted-foreground">{formatTime(user.createdAt)}</span>
            </TableCell>
            <TableCell>
              <RowActions user={user} compact {...actions} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function UserCards({ users, ...actions }: { users: AdminUser[] } & Actions) {
  return (
    <ul className="grid gap-3 border-t p-3 lg:hidden">
      {users.map((user) => (
        <li key={user.id} data-testid="admin-user-card" className="grid gap-2 rounded-lg border p-3">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="truncate font-semibold">{user.username}</p>
              <p className="truncate text-sm">{email(user)}</p>
            </div>
            <UserStatusBadge isActive={user.isActive} />
          </div>
          <p className="text-xs text-muted-foreground">
            ID {user.id} · {roleLabel(user.role)} · {formatDateTime(user.createdAt)}
          </p>
          <RowActions user={user} {...actions} />
        </li>
      ))}
    </ul>
  );
}

export default function UsersPage() {
  useAdminTitle('Управление клиентами');
  const queryClient = useQueryClient();
  const [filters, setFilters] = useFilters();
  const list = useQuery(adminUsersQuery(filters));
  const session = useQuery(sessionQuery());
  const selfId = session.data?.id ?? null;
  const [details, setDetails] = useState<AdminUser | null>(null);
  const [form, setForm] = useState<UserDialogState>(null);
  const [toBlock, setToBlock] = useState<AdminUser | null>(null);

  const status = useMutation({
    mutationFn: ({ user, isActive }: { user: AdminUser; isActive: boolean }) => setUserActive(user.id, isActive),
    onSuccess: (user) => {
      void invalidateUsers(queryClient);
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
  const totalPages = totalPagesOf(total, filters.limit);
  const users = list.data?.users ?? [];
  // A page past the end (an old link, or the last user of the page blocked away by a filter) goes to the last one.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && filters.page > totalPages) setFilters({ ...filters, page: totalPages });
  }, [list.data, list.isPlaceholderData, filters, totalPages, setFilters]);
  const actions: Actions = {
    selfId,
    busyId: status.isPending ? (status.variables?.user.id ?? null) : null,
    onDetails: setDetails,
    onEdit: (user) => setForm({ mode: 'edit', user }),
    onBlock: setToBlock,
    onActivate: (user) => status.mutate({ user, isActive: true }),
  };

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
      <FilterCard filters={filters} onChange={setFilters} />

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
          <div className="flex flex-col items-center gap-2 border-t p-10 text-center">
            <Users className="size-10 text-muted-foreground" aria-hidden />
            <p className="text-lg font-semibold">Нет пользователей</p>
            <p className="text-sm text-muted-foreground">Пользователи появятся здесь, когда зарегистрируются или будут добавлены.</p>
          </div>
        ) : (
          <div className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <UsersTable users={users} {...actions} />
            <UserCards users={users} {...actions} />
          </div>
        )}
      </Card>
      {users.length > 0 && (
        <Pagination
          className="mt-6"
          items={adminPageItems(filters.page, totalPages, ADMIN_MAX_PAGE_BUTTONS)}
          current={filters.page}
          totalPages={totalPages}
          onPageChange={(page) => setFilters({ ...filters, page })}
        />
      )}

      <UserDetailsDialog user={details} onClose={() => setDetails(null)} />
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
