import type { ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';

/** An account form's full-width submit: its icon, and the «...ing» label while the request runs. */
export function AuthSubmit({ pending, icon, pendingLabel, children }: { pending: boolean; icon: ReactNode; pendingLabel: string; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" disabled={pending} className="w-full">
      {icon}
      {pending ? pendingLabel : children}
    </Button>
  );
}
