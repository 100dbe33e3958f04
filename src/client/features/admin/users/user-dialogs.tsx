import type { ReactNode } from 'react';
import { Ban } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { DialogFooter } from '#client/components/ui/dialog.tsx';
import { TitledDialog } from '#client/components/titled-dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ROLE_LABELS, type Role } from '#shared/constants.ts';
import { formatDateTime } from '#shared/dates.ts';
import type { AdminUser } from '#shared/types.ts';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';

/** Role labels of spec 2.15; an unknown role is shown as it is. */
export const roleLabel = (role: string) => ROLE_LABELS[role as Role] ?? role;

export function UserStatusBadge({ isActive }: { isActive: boolean }) {
  return isActive ? <Badge variant="success">Активен</Badge> : <Badge variant="destructive">Неактивен</Badge>;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 border-b py-2 last:border-0 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

/** 'Информация о клиенте': optional fields appear only when present (spec 2.15). */
export function UserDetailsDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <TitledDialog open={user !== null} title="Информация о клиенте" description={user ? `Учётная запись «${user.username}»` : ''} onClose={onClose}>
      {user && (
        <dl>
          <Row label="ID">{user.id}</Row>
          <Row label="Логин">{user.username}</Row>
          <Row label="Email">{user.email ?? <span className="text-muted-foreground">Не указан</span>}</Row>
          {user.phone && <Row label="Телефон">{user.phone}</Row>}
          {user.fullName && <Row label="Полное имя">{user.fullName}</Row>}
          {user.address && <Row label="Адрес">{user.address}</Row>}
          <Row label="Роль">{roleLabel(user.role)}</Row>
          <Row label="Статус">
            <UserStatusBadge isActive={user.isActive} />
          </Row>
          <Row label="Дата регистрации">{formatDateTime(user.createdAt)}</Row>
          {user.lastLogin && <Row label="Последний вход">{formatDateTime(user.lastLogin)}</Row>}
        </dl>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Закрыть
        </Button>
      </DialogFooter>
    </TitledDialog>
  );
}

/** Blocking ends all of the user's sessions at once, so it is confirmed first. */
export function BlockUserDialog({
  user,
  pending,
  onConfirm,
  onClose,
}: {
  user: AdminUser | null;
  pending: boolean;
  onConfirm: (user: AdminUser) => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={user !== null}
      title="Заблокировать пользователя?"
      description={
        <>
          «{user?.username}» больше не сможет войти в систему, все его сеансы будут завершены сразу. Активировать учётную запись
          можно в любой момент.
        </>
      }
      confirm={
        <>
          {pending ? <Spinner size="sm" label="Блокировка" /> : <Ban aria-hidden />}
          Блокировать
        </>
      }
      pending={pending}
      onConfirm={() => user && onConfirm(user)}
      onClose={onClose}
    />
  );
}
