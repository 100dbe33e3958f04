import { Loader2, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A button's icon and words, saying while `busy` that it is at work: the icon turns into a
 * spinning loader and `busyText`, when given, stands for the words.
 */
export function BusyLabel({ busy, icon: Icon, busyText, children }: { busy: boolean; icon: LucideIcon; busyText?: string; children: ReactNode }) {
  return (
    <>
      {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Icon aria-hidden />}
      {busy && busyText ? busyText : children}
    </>
  );
}
