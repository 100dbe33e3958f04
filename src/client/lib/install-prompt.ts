import { MOBILE_BREAKPOINT_PX } from '#shared/constants.ts';

/** Chromium's install event (not in the DOM typings). */
export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let pending: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const narrowScreen = () => window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`).matches;

/**
 * Catches the browser's install event from the first moment (entry-client), before the install
 * banner's code has loaded: the event fires once per page and would otherwise be missed. On
 * phones the browser's own mini-infobar is replaced by the shop's banner; desktops keep theirs.
 */
export function listenForInstallPrompt() {
  window.addEventListener('beforeinstallprompt', (event) => {
    if (!narrowScreen()) return;
    event.preventDefault();
    pending = event as BeforeInstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    pending = null;
    emit();
  });
}

export function subscribeInstallPrompt(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The install event waiting for the visitor's click, if any. */
export const pendingInstallPrompt = () => pending;

/** Takes the waiting event (it can prompt only once). */
export function takeInstallPrompt(): BeforeInstallPromptEvent | null {
  const event = pending;
  pending = null;
  emit();
  return event;
}
