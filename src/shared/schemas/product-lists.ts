import { z } from './z.ts';

/** The customer's two lists of products (issue 26): hearts and «Сравнить». */
export const LIST_KINDS = ['favorites', 'compare'] as const;
export type ListKind = (typeof LIST_KINDS)[number];

/** How many products a list holds at most, and what the customer is told past it. */
export const LIST_LIMITS: Record<ListKind, { max: number; message: string }> = {
  favorites: { max: 100, message: 'В избранном может быть не больше 100 товаров' },
  compare: { max: 20, message: 'В сравнении может быть не больше 20 товаров' },
};

export const ListKindSchema = z.enum(LIST_KINDS, { error: 'Неизвестный список' });

const PRODUCT_MESSAGE = 'Не указан товар';
const ProductIdSchema = z.number({ error: PRODUCT_MESSAGE }).int(PRODUCT_MESSAGE).positive(PRODUCT_MESSAGE);

export const ListKindParams = z.object({ kind: ListKindSchema });
export const ListItemParams = z.object({ kind: ListKindSchema, productId: z.coerce.number({ error: PRODUCT_MESSAGE }).int(PRODUCT_MESSAGE).positive(PRODUCT_MESSAGE) });
export const AddToListSchema = z.object({ productId: ProductIdSchema });

/**
 * The heart and «Сравнить» before the page's script loads: a plain form posts what to do and
 * the page to come back to.
 */
export const ListFormSchema = z.object({
  productId: z.coerce.number({ error: PRODUCT_MESSAGE }).int(PRODUCT_MESSAGE).positive(PRODUCT_MESSAGE),
  action: z.enum(['add', 'remove'], { error: 'Неизвестное действие' }),
  back: z.string().optional(),
});

/** `GET /api/lists`: the ids in each list (the header's counters and the hearts' state). */
export type ListsSummary = Record<ListKind, number[]>;

/** Each list's page (the client's paths take theirs from here; the server sends refused forms there). */
export const LIST_PAGES: Record<ListKind, string> = { favorites: '/favorites', compare: '/compare' };

/** Why a form sent before the script loaded was refused: the list's page says it (`?error=`). */
export const LIST_FORM_ERRORS = ['limit', 'missing'] as const;
export type ListFormError = (typeof LIST_FORM_ERRORS)[number];
