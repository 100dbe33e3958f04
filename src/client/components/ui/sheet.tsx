import { Dialog as SheetPrimitive } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '#client/lib/utils.ts';
import { slotted, styled } from './styled.tsx';
import { ModalPanel, modalHeading, overlayClassName, type ModalContentProps } from '#client/components/ui/dialog.tsx';

export const Sheet = slotted(SheetPrimitive.Root, 'sheet');
export const SheetTrigger = slotted(SheetPrimitive.Trigger, 'sheet-trigger');
export const SheetClose = slotted(SheetPrimitive.Close, 'sheet-close');
export const SheetPortal = slotted(SheetPrimitive.Portal, 'sheet-portal');

export const SheetOverlay = styled(SheetPrimitive.Overlay, 'sheet-overlay', overlayClassName);

export const sheetVariants = cva(
  'fixed z-50 flex flex-col gap-4 overflow-y-auto bg-background text-foreground shadow-xl',
  {
    variants: {
      side: {
        right:
          'inset-y-0 right-0 h-full w-[85%] max-w-sm border-l data-[state=closed]:animate-sheet-out-right data-[state=open]:animate-sheet-in-right',
        left: 'inset-y-0 left-0 h-full w-[85%] max-w-sm border-r data-[state=closed]:animate-sheet-out-left data-[state=open]:animate-sheet-in-left',
        top: 'inset-x-0 top-0 max-h-[85dvh] border-b data-[state=closed]:animate-sheet-out-top data-[state=open]:animate-sheet-in-top',
        bottom:
          'inset-x-0 bottom-0 max-h-[85dvh] rounded-t-lg border-t pb-[env(safe-area-inset-bottom)] data-[state=closed]:animate-sheet-out-bottom data-[state=open]:animate-sheet-in-bottom',
      },
    },
    defaultVariants: { side: 'right' },
  },
);

export function SheetContent({
  className,
  side = 'right',
  ...props
}: ModalContentProps & VariantProps<typeof sheetVariants>) {
  return (
    <ModalPanel
      portal={SheetPortal}
      overlay={<SheetOverlay />}
      data-slot="sheet-content"
      className={cn(sheetVariants({ side }), className)}
      {...props}
    />
  );
}

export const SheetHeader = styled('div', 'sheet-header', 'flex flex-col gap-1.5 border-b p-4 pr-14');

export const SheetBody = styled('div', 'sheet-body', 'flex-1 px-4');

export const SheetFooter = styled('div', 'sheet-footer', 'mt-auto flex flex-col gap-2 border-t p-4');

export const { Title: SheetTitle, Description: SheetDescription } = modalHeading('sheet');
