import { useEffect } from 'react';

/** The browser tab's title of a back-office screen (the admin area has no server-rendered head). */
export function useAdminTitle(title: string) {
  useEffect(() => {
    document.title = `${title} — панель управления`;
  }, [title]);
}
