/**
 * Toasts as the spec sets them: at most one at a time (a new toast replaces the current one),
 * 5000 ms, swipe right past 50 px to dismiss, F8 focuses the notification area.
 *
 * The store and `toast()` live in toast-store.ts; this is the UI, loaded lazily by LazyToaster.
 */
import { Toast as ToastPrimitive } from 'radix-ui';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';
import {
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  dismissToast,
  useCurrentToast,
  type ToastEntry,
  type ToastVariant,
} from './toast-store.ts';

const variantClassName: Record<ToastVariant, string> = {
  default: 'border-border',
  success: 'border-border border-l-4 border-l-success',
  destructive: 'border-destructive/40 border-l-4 border-l-destructive bg-destructive-muted',
};

function ToastView({ entry }: { entry: ToastEntry }) {
  const variant = entry.variant ?? 'default';
  const Icon = variant === 'success' ? CircleCheck : variant === 'destructive' ? CircleAlert : null;
  return (
    <ToastPrimitive.Root
      data-slot="toast"
      data-variant={variant}
      open={entry.open}
      onOpenChange={(open) => {
        if (!open) dismissToast(entry.id);
      }}
      duration={entry.duration ?? TOAST_DURATION_MS}
      className={cn(
        'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border bg-background p-4 pr-12 text-foreground shadow-lg',
        'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
        'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=move]:transition-none',
        'data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-[translate] data-[swipe=cancel]:duration-200',
        'data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x) data-[swipe=end]:animate-toast-swipe-out',
        variantClassName[variant],
      )}
    >
      {Icon && (
        <Icon
          className={cn(
            'mt-0.5 size-5 shrink-0',
            variant === 'success' ? 'text-success' : 'text-destructive',
          )}
          aria-hidden="true"
        />
      )}
      <div className="grid min-w-0 flex-1 gap-1">
        <ToastPrimitive.Title
          className={cn(
            'text-sm leading-snug font-semibold',
            variant === 'destructive' && 'text-destructive',
          )}
        >
          {entry.title}
        </ToastPrimitive.Title>
        {entry.description && (
          <ToastPrimitive.Description className="text-sm break-words text-foreground/85">
            {entry.description}
          </ToastPrimitive.Description>
        )}
        {entry.action && (
          <ToastPrimitive.Action
            altText={entry.action.altText}
            onClick={entry.action.onClick}
            className="mt-2 inline-flex h-9 w-fit items-center rounded-md border border-input bg-background px-3 text-sm font-medium transition-colors hover:bg-muted"
          >
            {entry.action.label}
          </ToastPrimitive.Action>
        )}
      </div>
      <ToastPrimitive.Close
        aria-label="Закрыть"
        className="absolute top-2 right-2 inline-flex size-9 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
      >
        <X className="size-4" aria-hidden="true" />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}

/** Renders the toast area. Place once near the root of the app. */
export function Toaster() {
  const entry = useCurrentToast();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Уведомление"
    >
      {entry && <ToastView key={entry.id} entry={entry} />}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        label="Уведомления ({hotkey})"
        className={cn(
          // Phones: full width, above the 64 px bottom bar. Desktop: bottom-right corner.
          'pointer-events-none fixed inset-x-0 bottom-[calc(64px+env(safe-area-inset-bottom))] z-[100] m-0 flex list-none flex-col gap-2 p-3 not-has-[li]:outline-hidden',
          'md:inset-x-auto md:right-0 md:bottom-0 md:w-[420px] md:max-w-full md:p-4',
        )}
      />
    </ToastPrimitive.Provider>
  );
}
