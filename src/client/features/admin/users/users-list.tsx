import { IdCard, Pencil } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Table, TableBody, TableCell, TableRow } from '#client/components/ui/table.tsx';
import { ListTableHeader } from '#client/features/admin/components/list-table-header.tsx';
import { formatDate, formatDateTime, formatTime } from '#shared/dates.ts';
import type { AdminUser } from '#shared/types.ts';
import { UserStatusBadge, roleLabel } from './user-dialogs.tsx';

/** What a row offers: the customer's card (blocking lives there) and the edit form. */
export type UserActions = {
  onDetails: (user: AdminUser) => void;
  onEdit: (user: AdminUser) => void;
};

function RowActions({ user, onDetails, onEdit, compact }: { user: AdminUser; compact?: boolean } & UserActions) {
  return (
    <div className="flex justify-end gap-1">
      <Button variant="outline" size="sm" onClick={() => onDetails(user)} aria-label={`Карточка клиента: ${user.username}`}>
        <IdCard aria-hidden />
        Карточка
      </Button>
      <Button variant="outline" size={compact ? 'icon-sm' : 'sm'} onClick={() => onEdit(user)} aria-label={`Изменить: ${user.username}`} title="Изменить">
        <Pencil aria-hidden />
        {!compact && 'Изменить'}
      </Button>
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
