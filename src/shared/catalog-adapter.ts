/**
 * The catalogue adapter's text rules, shared by the server (which decides) and the back office
 * (which shows their effect while staff type): how names compare, how staff's regular
 * expressions compile (or why not, in Russian), how unit rules rewrite a text.
 */

/** Lower case, `ё` as `е`, spaces collapsed, the path separator of YML categories as ` / `. */
export function normaliseName(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('ё', 'е')
    .replace(/\s*\/\s*/g, ' / ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The engine's reasons (V8), as staff read them. */
const REGEX_REASONS: Record<string, string> = {
  'Unterminated group': 'не закрыта скобка «(»',
  "Unmatched ')'": 'лишняя скобка «)»',
  'Nothing to repeat': 'повторению (*, +, ?, {}) не к чему относиться',
  'Unterminated character class': 'не закрыта скобка «[»',
  'Incomplete quantifier': 'не закончено повторение {…}',
  'Lone quantifier brackets': 'скобка «{» или «}» без повторения (экранируйте её: \\{)',
  'numbers out of order in {} quantifier': 'в {m,n} первое число больше второго',
  'Range out of order in character class': 'в диапазоне […] начало больше конца',
  'Invalid escape': 'неизвестная последовательность с «\\»',
  '\\ at end of pattern': '«\\» в конце выражения',
  'Invalid group': 'неверная группа (?…)',
  'Invalid capture group name': 'неверное имя группы',
  'Duplicate capture group name': 'имя группы повторяется',
  'Invalid named capture referenced': 'ссылка на несуществующую группу',
  'Invalid property name': 'неизвестное свойство в \\p{…}',
  'Invalid Unicode escape': 'неверный код символа \\u{…}',
};

export const REGEX_ERROR_PREFIX = 'Неверное регулярное выражение';
export const REGEX_TOO_LONG = 'Регулярное выражение не длиннее 200 символов';
export const REGEX_MATCHES_EMPTY = 'Выражение совпадает с пустым текстом: уточните его';
export const REGEX_MAX_LENGTH = 200;

/** A compiled expression, or the Russian reason it does not compile. */
export type CompiledRegex = { ok: true; regex: RegExp } | { ok: false; message: string };

/**
 * Compiles staff's expression with `flags` (`iu` for name patterns, `giu` for unit rules). One
 * that matches an empty text is refused: it would match every name, or insert its replacement
 * between every two letters.
 */
export function compileRegex(pattern: string, flags: 'iu' | 'giu'): CompiledRegex {
  if (pattern.length > REGEX_MAX_LENGTH) return { ok: false, message: REGEX_TOO_LONG };
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, flags);
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^.*: /s, '') : '';
    return { ok: false, message: `${REGEX_ERROR_PREFIX}: ${REGEX_REASONS[reason] ?? reason}` };
  }
  if (new RegExp(pattern, 'u').test('')) return { ok: false, message: REGEX_MATCHES_EMPTY };
  return { ok: true, regex };
}

/** A unit rule as it is applied: staff's expression (flags `giu`) and what replaces each match. */
export type UnitRewrite = { pattern: string; replacement: string };

/**
 * The rules as one rewrite of a text, applied in their order; a rule that does not compile (none
 * can be saved so) is passed over.
 */
export function compileUnitRules(rules: readonly UnitRewrite[]): (text: string) => string {
  const steps = rules.flatMap((rule) => {
    const compiled = compileRegex(rule.pattern, 'giu');
    return compiled.ok ? [{ regex: compiled.regex, replacement: rule.replacement }] : [];
  });
  return (text) => steps.reduce((result, step) => result.replace(step.regex, step.replacement), text);
}
