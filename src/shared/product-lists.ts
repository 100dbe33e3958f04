/**
 * The customer's two lists of products (issue 26): hearts and «Сравнить». Apart from their zod
 * schemas and limits, so the header and every card can name them without carrying those into
 * every page's first load.
 */
export const LIST_KINDS = ['favorites', 'compare'] as const;
export type ListKind = (typeof LIST_KINDS)[number];

/** `GET /api/lists`: the ids in each list (the header's counters and the hearts' state). */
export type ListsSummary = Record<ListKind, number[]>;

/** Each list's page (the client's paths take theirs from here; the server sends refused forms there). */
export const LIST_PAGES: Record<ListKind, string> = { favorites: '/favorites', compare: '/compare' };

/**
 * Why a form sent before the script loaded was refused: the list's page says it (`?error=`): the
 * list is full, the product is gone, or this address started too many new lists.
 */
export type ListFormError = 'limit' | 'missing' | 'limited';

/** The start of the 429 to an address that started too many new lists (the server adds the wait). */
export const NEW_LISTS_LIMITED = 'Слишком много новых списков товаров.';
