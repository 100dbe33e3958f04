import { Button } from '#client/components/ui/button.tsx';
import { Icon } from '#client/components/ui/icon.tsx';
import type { ShellProps } from './types.ts';

/** «Выйти» of the header and of the burger menu: says «Выход...» and waits while the logout is under way. */
export function LogoutButton({ onLogout, logoutPending }: Pick<ShellProps, 'onLogout' | 'logoutPending'>) {
  return (
    <Button variant="ghost" size="sm" onClick={onLogout} disabled={logoutPending}>
      <Icon name="log-out" />
      {logoutPending ? 'Выход...' : 'Выйти'}
    </Button>
  );
}
