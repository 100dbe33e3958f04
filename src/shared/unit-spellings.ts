/**
 * Unit rules as staff think of them: spellings found after a number («w, watt, ватт») and the
 * unit they become («Вт»). The adapter runs unit rules as expressions; these two functions turn
 * spellings into the expression (each spelling escaped, after a digit, not followed by a letter)
 * and read such an expression back, so only hand-written ones need the advanced view. RE2 has no
 * lookahead (decision 028): the character after the unit is matched and given back by `$2`.
 */

/** The expression's shape: the number, optional spaces, one of the spellings, no letter after. */
const PREFIX = String.raw`(\d)\s*(?:`;
const SUFFIX = String.raw`)(\P{L}|$)`;
/** Characters with a meaning in an expression, escaped in a spelling (valid escapes with the `u` flag). */
const SPECIAL = /[\\^$.*+?()[\]{}|/]/g;
const SPACES = String.raw`\s*`;

export type UnitSpellings = { spellings: string[]; unit: string };

/** Spellings as typed, comma-separated: trimmed, inner spaces single, each once (case aside). */
export function splitSpellings(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter((part) => part && !seen.has(part.toLowerCase()) && seen.add(part.toLowerCase()));
}

/**
 * The rule's expression and replacement: `$1 Вт$2` keeps the number, puts the unit after a space
 * and gives back what followed it.
 * Longer spellings come first, so «мм.» takes its dot along rather than «мм» leaving it behind.
 */
export function unitRuleOf({ spellings, unit }: UnitSpellings): { pattern: string; replacement: string } {
  const alternatives = [...spellings].sort((a, b) => b.length - a.length).map((spelling) => spelling.replace(SPECIAL, '\\$&').replace(/ /g, SPACES));
  return { pattern: `${PREFIX}${alternatives.join('|')}${SUFFIX}`, replacement: `$1 ${unit}$2` };
}

/** The spellings and unit of an expression made by `unitRuleOf` (or written the same way); null for any other. */
export function spellingsOf(rule: { pattern: string; replacement: string }): UnitSpellings | null {
  const unit = /^\$1 ([^$]+)\$2$/.exec(rule.replacement)?.[1];
  if (!unit || !rule.pattern.startsWith(PREFIX) || !rule.pattern.endsWith(SUFFIX)) return null;
  const body = rule.pattern.slice(PREFIX.length, -SUFFIX.length);
  const spellings: string[] = [];
  let current = '';
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (body.startsWith(SPACES, i)) {
      current += ' ';
      i += SPACES.length - 1;
    } else if (char === '\\') {
      const next = body[i + 1];
      if (next === undefined || !/[\\^$.*+?()[\]{}|/]/.test(next)) return null;
      current += next;
      i++;
    } else if (char === '|') {
      spellings.push(current);
      current = '';
    } else if (/[\^$.*+?()[\]{}]/.test(char)) {
      return null;
    } else current += char;
  }
  spellings.push(current);
  return spellings.every(Boolean) ? { spellings, unit } : null;
}
