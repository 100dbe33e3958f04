/**
 * The toast store: at most one toast at a time (a new one replaces the current one).
 * `toast({ title, description, variant })` works from anywhere, also outside React (query
 * callbacks, api helpers). It has no UI dependency, so calling it costs the first page load
 * nothing; the Radix-based <Toaster /> (toast.tsx) is loaded lazily by <LazyToaster />.
 */
import { useSyncExternalStore } from 'react';

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; defaults to 5000. */
  duration?: number;
  /** An optional button inside the toast; `altText` tells screen-reader users how to do the same. */
  action?: { label: string; altText: string; onClick: () => void };
}

export interface ToastEntry extends ToastOptions {
  id: number;
  open: boolean;
}

// Module-level store: one toast at most. Nothing here touches `window` at import time.
let current: ToastEntry | null = null;
let counter = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => current;
const getServerSnapshot = () => null;

/** Shows a toast, replacing the one on screen. Returns its id and a function to close it. */
export function toast(options: ToastOptions): { id: number; dismiss: () => void } {
  const id = ++counter;
  // On the server there is no one to show it to, and module state would be shared by requests.
  if (typeof window !== 'undefined') {
    current = { ...options, id, open: true };
    emit();
  }
  return { id, dismiss: () => dismissToast(id) };
}

/** Closes the current toast (or only the toast with this id). */
export function dismissToast(id?: number): void {
  if (!current || !current.open || (id !== undefined && current.id !== id)) return;
  current = { ...current, open: false };
  emit();
}

/** The current toast, for components that want to react to it (rarely needed). */
export function useCurrentToast(): ToastEntry | null {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

