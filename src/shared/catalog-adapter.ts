import { RE2JS } from 're2js';

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
export const REGEX_BACKREFERENCE = 'Ссылки на найденные группы (\\1, \\k<…>) в выражении не поддерживаются: перепишите его без них';
export const REGEX_LOOKAROUND =
  'Проверки до или после совпадения ((?=…), (?!…), (?<=…), (?<!…)) не поддерживаются: конец слова записывайте как (\\P{L}|$) и возвращайте его в замене';
export const REGEX_UNSUPPORTED = 'Выражение не поддерживается';
export const REGEX_MAX_LENGTH = 200;

/**
 * Staff's expression as it runs: on RE2 (re2js), whose time grows with the text and never with
 * the expression's nesting, so no pattern can hold the process (issue 25). Always case-insensitive;
 * `replaceAll` reads `$1`, `$&`, `$$` as `String.prototype.replace` does.
 */
export type StaffPattern = { test(text: string): boolean; replaceAll(text: string, replacement: string): string };

/** A compiled expression, or the Russian reason it does not compile. */
export type CompiledRegex = { ok: true; pattern: StaffPattern } | { ok: false; message: string };

/** What JavaScript's `\s` matches (RE2's knows only ASCII spaces; names carry no-break spaces). */
const JS_SPACES = '\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/**
 * The expression in RE2's syntax with JavaScript's meaning, or why RE2 cannot run it: references
 * to groups and lookarounds need backtracking, which is what makes a pattern slow.
 */
function toRe2(pattern: string): { ok: true; source: string } | { ok: false; message: string } {
  let source = '';
  let inClass = false;
  for (let at = 0; at < pattern.length; at++) {
    const char = pattern[at]!;
    if (char === '\\') {
      const next = pattern[at + 1] ?? '';
      at++;
      if (/[1-9]/.test(next) || next === 'k') return { ok: false, message: REGEX_BACKREFERENCE };
      if (next === 's') source += inClass ? JS_SPACES : `[${JS_SPACES}]`;
      else if (next === 'S' && !inClass) source += `[^${JS_SPACES}]`;
      else source += char + next;
      continue;
    }
    if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === '(' && /^\(\?<?[=!]/.test(pattern.slice(at, at + 4))) return { ok: false, message: REGEX_LOOKAROUND };
    source += char;
  }
  return { ok: true, source: RE2JS.translateRegExp(source) };
}

/** A compiled RE2 program as a `StaffPattern`. */
function staffPattern(re2: RE2JS): StaffPattern {
  return {
    test: (text) => re2.test(text),
    replaceAll: (text, replacement) => re2.matcher(text).replaceAll(replacement),
  };
}

/**
 * Compiles staff's expression (a category rule's name pattern or a unit rule), case-insensitive.
 * It must be valid JavaScript (what staff are told to write, with its reasons in Russian) and
 * runnable by RE2. One that matches an empty text is refused: it would match every name, or insert
 * its replacement between every two letters.
 */
export function compileRegex(pattern: string): CompiledRegex {
  const known = compiledPatterns.get(pattern);
  if (known) return known;
  const result = compileFresh(pattern);
  if (compiledPatterns.size >= COMPILED_KEPT) compiledPatterns.delete(compiledPatterns.keys().next().value!);
  compiledPatterns.set(pattern, result);
  return result;
}

/**
 * Expressions already compiled, by their text, oldest first. An import, a 1C exchange or a
 * scraper run loads the same few rules for every file or page, and RE2 spends milliseconds on a
 * case-insensitive one (a mass scraper's 200 pages compiled the unit rules 200 times). A compiled
 * expression keeps no state between uses, so one serves every caller.
 */
const compiledPatterns = new Map<string, CompiledRegex>();
const COMPILED_KEPT = 1000;

function compileFresh(pattern: string): CompiledRegex {
  if (pattern.length > REGEX_MAX_LENGTH) return { ok: false, message: REGEX_TOO_LONG };
  try {
    // Compiled only to check the syntax: a JavaScript RegExp never runs staff's expression.
    new RegExp(pattern, 'iu');
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^.*: /s, '') : '';
    return { ok: false, message: `${REGEX_ERROR_PREFIX}: ${REGEX_REASONS[reason] ?? reason}` };
  }
  const translated = toRe2(pattern);
  if (!translated.ok) return translated;
  let re2: RE2JS;
  try {
    re2 = RE2JS.compile(translated.source, RE2JS.CASE_INSENSITIVE);
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : '';
    return { ok: false, message: `${REGEX_UNSUPPORTED}: ${reason}` };
  }
  if (re2.test('')) return { ok: false, message: REGEX_MATCHES_EMPTY };
  return { ok: true, pattern: staffPattern(re2) };
}

/** A unit rule as it is applied: staff's expression and what replaces each match. */
export type UnitRewrite = { pattern: string; replacement: string };

/**
 * The rules as one rewrite of a text, applied in their order; a rule that does not compile (saved
 * before RE2 ran them, issue 25) is passed over, and the adapter's screen says so.
 */
export function compileUnitRules(rules: readonly UnitRewrite[]): (text: string) => string {
  const steps = rules.flatMap((rule) => {
    const compiled = compileRegex(rule.pattern);
    return compiled.ok ? [{ pattern: compiled.pattern, replacement: rule.replacement }] : [];
  });
  return (text) => steps.reduce((result, step) => step.pattern.replaceAll(result, step.replacement), text);
}
