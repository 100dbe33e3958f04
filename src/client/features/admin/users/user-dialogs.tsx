import { Ban } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ROLE_LABELS, type Role } from '#shared/constants.ts';
import type { AdminUser } from '#shared/types.ts';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';

/** Role labels of spec 2.15; an unknown role is shown as it is. */
export const roleLabel = (role: string) => ROLE_LABELS[role as Role] ?? role;

export function UserStatusBadge({ isActive }: { isActive: boolean }) {
  return isActive ? <Badge variant="success">Активен</Badge> : <Badge variant="destructive">Неактивен</Badge>;
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
