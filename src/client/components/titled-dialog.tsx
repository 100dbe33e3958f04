import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';

/**
 * A dialog with its title and description on top of `children`. Escape, the overlay and the
 * close button call `onClose`, except while `busy` (a request under way). `open` defaults to
 * true, for a dialog mounted only while it is open.
 */
export function TitledDialog({
  open = true,
  title,
  description,
  className,
  busy = false,
  onClose,
  children,
}: {
  open?: boolean;
  title: ReactNode;
  description: ReactNode;
  className?: string;
  busy?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
