import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * The key of the newest location. React Router stores it in `history.state` the moment a
 * navigation ends, but renders the new page in a transition: while that page's code or data
 * loads, the previous page is still on screen with the previous `useLocation().key`.
 */
function newestLocationKey(rendered: string): string {
  const state: unknown = window.history.state;
  return state && typeof state === 'object' && 'key' in state && typeof state.key === 'string' ? state.key : rendered;
}

/**
 * Open state that belongs to one location: navigating anywhere closes it, with no effect.
 * Opened while a navigation is still being drawn, it belongs to the page that comes, so it
 * shows once that page is on screen instead of closing the moment it does.
 */
export function useOpenHere(): [open: boolean, setOpen: (open: boolean) => void] {
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const setOpen = useCallback((open: boolean) => setOpenAt(open ? newestLocationKey(location.key) : null), [location.key]);
  return [openAt === location.key, setOpen];
}
