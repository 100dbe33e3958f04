import type { ComponentProps, ReactNode } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';
import { slotted, styled } from './styled.tsx';

export const Dialog = slotted(DialogPrimitive.Root, 'dialog');
export const DialogTrigger = slotted(DialogPrimitive.Trigger, 'dialog-trigger');
export const DialogPortal = slotted(DialogPrimitive.Portal, 'dialog-portal');
export const DialogClose = slotted(DialogPrimitive.Close, 'dialog-close');

/** The dimmed backdrop behind dialogs and sheets. */
export const overlayClassName =
  'fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in';

export const DialogOverlay = styled(DialogPrimitive.Overlay, 'dialog-overlay', overlayClassName);

/** The close button in the top-right corner of dialogs and sheets. */
export function CloseIconButton({ className }: { className?: string }) {
  return (
    <DialogPrimitive.Close
      data-slot="dialog-close-button"
      className={cn(
        'absolute top-2 right-2 inline-flex size-10 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground',
        className,
      )}
    >
      <X className="size-5" aria-hidden="true" />
      <span className="sr-only">Закрыть</span>
    </DialogPrimitive.Close>
  );
}

export type ModalContentProps = ComponentProps<typeof DialogPrimitive.Content> & { showCloseButton?: boolean };

/** An open dialog's or sheet's panel: in a portal over its backdrop, with the close button last. */
export function ModalPanel({
  portal: Portal,
  overlay,
  children,
  showCloseButton = true,
  ...props
}: ModalContentProps & { portal: typeof DialogPortal; overlay: ReactNode }) {
  return (
    <Portal>
      {overlay}
      <DialogPrimitive.Content {...props}>
        {children}
        {showCloseButton && <CloseIconButton />}
      </DialogPrimitive.Content>
    </Portal>
  );
}

export function DialogContent({ className, ...props }: ModalContentProps) {
  return (
    <ModalPanel
      portal={DialogPortal}
      overlay={<DialogOverlay />}
      data-slot="dialog-content"
      className={cn(
        'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto',
        'rounded-lg border bg-background p-5 text-foreground shadow-xl sm:p-6',
        'data-[state=closed]:animate-dialog-out data-[state=open]:animate-dialog-in',
        className,
      )}
      {...props}
    />
  );
}

export const DialogHeader = styled('div', 'dialog-header', 'flex flex-col gap-1.5 pr-8 text-left');

export const DialogFooter = styled('div', 'dialog-footer', 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end');

/** A dialog's or a sheet's title and description: the same look, marked `<slot>-title` and `<slot>-description`. */
/* @__NO_SIDE_EFFECTS__ */
export function modalHeading(slot: 'dialog' | 'sheet') {
  return {
    Title: styled(DialogPrimitive.Title, `${slot}-title`, 'text-lg leading-snug font-semibold'),
    Description: styled(DialogPrimitive.Description, `${slot}-description`, 'text-sm text-muted-foreground'),
  };
}

export const { Title: DialogTitle, Description: DialogDescription } = modalHeading('dialog');
