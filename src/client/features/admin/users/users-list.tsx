import { Ban, CheckCircle2, Eye, Pencil } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableRow } from '#client/components/ui/table.tsx';
import { ListTableHeader } from '#client/features/admin/components/list-table-header.tsx';
import { formatDate, formatDateTime, formatTime } from '#shared/dates.ts';
import type { AdminUser } from '#shared/types.ts';
import { UserStatusBadge, roleLabel } from './user-dialogs.tsx';

export type UserActions = {
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
}: { user: AdminUser; compact?: boolean } & UserActions) {
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

/** Wider screens: the users as a table. */
export function UsersTable({ users, ...actions }: { users: AdminUser[] } & UserActions) {
  return (
    <Table containerClassName="hidden rounded-none border-x-0 border-b-0 lg:block" className="[&_td]:px-2.5 [&_th]:px-2.5">
      <ListTableHeader columns={['ID', 'Логин', 'Email', 'Роль', 'Статус', 'Дата регистрации', { label: 'Действия', className: 'text-right' }]} />
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

/** Phones: one card per user. */
export function UserCards({ users, ...actions }: { users: AdminUser[] } & UserActions) {
  return (
    <ul className="grid grid-cols-1 gap-3 border-t p-3 lg:hidden">
      {users.map((user) => (
        <li key={user.id} data-testid="admin-user-card" className="grid grid-cols-1 gap-2 rounded-lg border p-3">
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
