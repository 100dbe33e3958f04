/** The pasted text as a list of items, or the spec's message for what is wrong with it. */
export function parseImport(text: string): { items: unknown[] } | { error: string } {
  if (text.trim() === '') return { error: 'Введите JSON данные' };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { error: 'Неверный формат JSON' };
  }
  if (!Array.isArray(data)) return { error: 'JSON должен быть массивом товаров' };
  if (data.length === 0) return { error: 'Массив пуст: добавьте хотя бы один товар' };
  return { items: data };
}
