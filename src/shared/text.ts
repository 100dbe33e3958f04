/** Cut a text to `limit` characters and add the ellipsis the spec asks for. */
export const truncate = (text: string, limit: number, ellipsis = '...') =>
  text.length > limit ? `${text.slice(0, limit)}${ellipsis}` : text;

/** Category names on home cards: 17 characters plus an ellipsis when longer than 20. */
export const categoryCardName = (name: string) => (name.length > 20 ? `${name.slice(0, 17)}...` : name);
