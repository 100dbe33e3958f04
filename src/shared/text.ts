/** Cut a text to `limit` characters and add the ellipsis the spec asks for. */
export const truncate = (text: string, limit: number, ellipsis = '...') =>
  text.length > limit ? `${text.slice(0, limit)}${ellipsis}` : text;

/** Category names on home cards: 17 characters plus an ellipsis when longer than 20. */
export const categoryCardName = (name: string) => (name.length > 20 ? `${name.slice(0, 17)}...` : name);

/** 5 242 880 → «5 МБ», 1536 → «1,5 КБ». */
export function formatBytes(bytes: number): string {
  const units: [number, string][] = [[1024 * 1024, 'МБ'], [1024, 'КБ']];
  for (const [size, unit] of units) {
    if (bytes >= size) return `${String(Math.round((bytes / size) * 10) / 10).replace('.', ',')} ${unit}`;
  }
  return `${bytes} Б`;
}
