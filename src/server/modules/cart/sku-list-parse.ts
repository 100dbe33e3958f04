import { CART_QUANTITY_MAX } from '#shared/constants.ts';
import { SKU_LINE_MAX_CHARS, SKU_LIST_EMPTY, SKU_LIST_MAX_LINES, skuListTooManyLines } from '#shared/schemas/sku-list.ts';
import { badRequest } from '../../core/http-errors.ts';

/**
 * One line of «артикул количество» as typed. `quantity` is null when the quantity field could not
 * be read (`quantityText` says what was there); `whole` is the whole line as one SKU when only
 * spaces separate it, for SKUs with a space in them.
 */
export type SkuListLine = { line: number; text: string; sku: string; quantity: number | null; quantityText: string | null; whole: string | null };
export type SkuLineError = { line: number; message: string };

/** Case and spaces do not matter in a SKU («dck-kdjz 20» is «DCK-KDJZ20»); dashes, dots and slashes do. */
export const skuKey = (sku: string) => sku.replace(/\s+/gu, '').toLowerCase();

const FIELD_SEPARATOR = /[\t;,]/;
/** «5», «5 шт», «5шт.»: the unit is what people add by habit. */
const QUANTITY = /^(\d{1,9})\s*(?:шт\.?)?$/iu;

/** The quantity a field says, or null when it says no whole number. */
function readQuantity(text: string): number | null {
  const match = QUANTITY.exec(text);
  return match ? Number(match[1]) : null;
}

function splitLine(text: string): { sku: string; quantityText: string | null; whole: string | null } {
  const fields = text
    .split(FIELD_SEPARATOR)
    .map((field) => field.trim())
    .filter(Boolean);
  if (fields.length >= 2) return { sku: fields[0]!, quantityText: fields[1]!, whole: null };
  const field = fields[0] ?? '';
  // «DCK-123 5 шт»: the quantity may carry its unit after a space.
  const unit = /^(.*\S)\s+(\d{1,9}\s*шт\.?)$/iu.exec(field);
  if (unit) return { sku: unit[1]!, quantityText: unit[2]!, whole: null };
  const words = field.split(/\s+/u);
  if (words.length === 1) return { sku: field, quantityText: null, whole: null };
  return { sku: words.slice(0, -1).join(' '), quantityText: words.at(-1)!, whole: field };
}

/**
 * Reads the list: a line is a SKU and an optional quantity (1 when missing), separated by a tab,
 * `;`, `,` or spaces. A quantity that is not a whole number from 1 to 999 is the line's error;
 * the list as a whole is refused when empty or over 200 lines.
 */
export function parseSkuList(text: string): { lines: SkuListLine[]; errors: SkuLineError[] } {
  const rows = text.split(/\r\n|\r|\n/u);
  const filled = rows.filter((row) => row.trim() !== '').length;
  if (filled === 0) throw badRequest(SKU_LIST_EMPTY, { text: [SKU_LIST_EMPTY] });
  if (filled > SKU_LIST_MAX_LINES) {
    const message = skuListTooManyLines(filled);
    throw badRequest(message, { text: [message] });
  }
  const lines: SkuListLine[] = [];
  const errors: SkuLineError[] = [];
  rows.forEach((row, index) => {
    const line = index + 1;
    const trimmed = row.trim();
    if (!trimmed) return;
    if (trimmed.length > SKU_LINE_MAX_CHARS) {
      errors.push({ line, message: `Строка ${line}: длиннее ${SKU_LINE_MAX_CHARS} символов — это не артикул и количество` });
      return;
    }
    const { sku, quantityText, whole } = splitLine(trimmed);
    const quantity = quantityText === null ? 1 : readQuantity(quantityText);
    lines.push({ line, text: trimmed, sku, quantity, quantityText, whole });
  });
  return { lines, errors };
}

/** The error of a line whose quantity field is there but not a quantity. */
export function quantityError(line: SkuListLine): SkuLineError | null {
  if (line.quantity === null) return { line: line.line, message: `Строка ${line.line}: не понятно количество «${line.quantityText}»` };
  if (line.quantity < 1 || line.quantity > CART_QUANTITY_MAX) {
    return { line: line.line, message: `Строка ${line.line}: количество должно быть от 1 до ${CART_QUANTITY_MAX}, а не ${line.quantity}` };
  }
  return null;
}
