/**
 * Tailwind class conflicts for `cn`: a later class replaces an earlier one of the same group under
 * the same variants (`md:`, `hover:`, `[&_svg]:`…), so a caller's `className` overrides a
 * component's defaults. It knows the utility families this shop uses; a class it does not know
 * conflicts with nothing and is kept. (tailwind-merge does the same for every utility at 8 KB
 * gzipped of the first load.)
 */

/** Groups a later class of the key group also replaces (`p-2` replaces an earlier `px-4`). */
const ALSO_REPLACES: Record<string, string[]> = {
  size: ['w', 'h'],
  p: ['px', 'py', 'pt', 'pr', 'pb', 'pl', 'ps', 'pe'],
  px: ['pr', 'pl', 'ps', 'pe'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml', 'ms', 'me'],
  mx: ['mr', 'ml', 'ms', 'me'],
  my: ['mt', 'mb'],
  gap: ['gap-x', 'gap-y'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  rounded: ['rounded-t', 'rounded-r', 'rounded-b', 'rounded-l', 'rounded-tl', 'rounded-tr', 'rounded-br', 'rounded-bl'],
  'border-w': ['border-w-x', 'border-w-y', 'border-w-t', 'border-w-r', 'border-w-b', 'border-w-l'],
  'border-color': ['border-color-x', 'border-color-y', 'border-color-t', 'border-color-r', 'border-color-b', 'border-color-l'],
  overflow: ['overflow-x', 'overflow-y'],
  // Tailwind's font sizes set the line height too.
  'font-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
  flex: ['grow', 'shrink', 'basis'],
};

const EXACT: Record<string, string> = {
  block: 'display', 'inline-block': 'display', inline: 'display', flex: 'display', 'inline-flex': 'display', grid: 'display',
  'inline-grid': 'display', contents: 'display', table: 'display', 'flow-root': 'display', 'list-item': 'display', hidden: 'display',
  static: 'position', fixed: 'position', absolute: 'position', relative: 'position', sticky: 'position',
  border: 'border-w', truncate: 'text-overflow', 'sr-only': 'sr', 'not-sr-only': 'sr',
  underline: 'decoration-line', 'no-underline': 'decoration-line', 'line-through': 'decoration-line',
  uppercase: 'case', lowercase: 'case', capitalize: 'case', 'normal-case': 'case',
  italic: 'font-style', 'not-italic': 'font-style', grow: 'grow', shrink: 'shrink', shadow: 'shadow', rounded: 'rounded', transition: 'transition',
};

/** [pattern, group] in order: the first match names the group. */
const PATTERNS: [RegExp, string][] = [
  [/^text-(xs|sm|base|lg|[2-9]?xl|\[[\d.]+(px|rem|em)\])$/, 'font-size'],
  [/^text-(left|center|right|justify|start|end)$/, 'text-align'],
  [/^text-(wrap|nowrap|balance|pretty)$/, 'text-wrap'],
  [/^text-(ellipsis|clip)$/, 'text-overflow'],
  [/^text-/, 'text-color'],
  [/^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/, 'font-weight'],
  [/^font-/, 'font-family'],
  [/^(leading|tracking|whitespace|break|line-clamp|align|list|decoration|underline-offset|opacity|z|order|cursor|select|pointer-events|resize|aspect|object|basis|grid-cols|grid-rows|col|row|auto-cols|auto-rows|items|justify-items|justify-self|justify|self|content|place-content|place-items|place-self|duration|ease|delay|animate|scale|rotate|fill|stroke|outline-offset|ring-offset|scroll-m|scroll-p|appearance|will-change|origin|shadow|inset-x|inset-y|inset|top|right|bottom|left|gap-x|gap-y|gap|space-x|space-y|min-w|max-w|min-h|max-h|size|w|h|px|py|pt|pr|pb|pl|ps|pe|p|mx|my|mt|mr|mb|ml|ms|me|m|translate-x|translate-y|overflow-x|overflow-y|overflow|grow|shrink|transition|rounded-tl|rounded-tr|rounded-br|rounded-bl|rounded-t|rounded-r|rounded-b|rounded-l|rounded)-/, ''],
  [/^flex-(row|col|row-reverse|col-reverse)$/, 'flex-direction'],
  [/^flex-(wrap|nowrap|wrap-reverse)$/, 'flex-wrap'],
  [/^flex-/, 'flex'],
  [/^border-(solid|dashed|dotted|double|hidden|none)$/, 'border-style'],
  [/^border-([xytrbl])(-\d+)?$/, 'border-w-$1'],
  [/^border-\d+$/, 'border-w'],
  [/^border-([xytrbl])-/, 'border-color-$1'],
  [/^border-/, 'border-color'],
  [/^bg-(fixed|local|scroll)$/, 'bg-attachment'],
  [/^bg-(auto|cover|contain)$/, 'bg-size'],
  [/^bg-(no-repeat|repeat.*)$/, 'bg-repeat'],
  [/^bg-(center|top|bottom|left|right|left-top|left-bottom|right-top|right-bottom)$/, 'bg-position'],
  [/^bg-(none|linear-.*|radial.*|conic.*|\[(url|linear-gradient|radial-gradient).*)$/, 'bg-image'],
  [/^bg-/, 'bg-color'],
  [/^ring-(\d+|inset)?$/, 'ring-w'],
  [/^ring-/, 'ring-color'],
  [/^outline-(\d+|none|hidden|dashed|dotted|double|solid)?$/, 'outline'],
  [/^outline-/, 'outline-color'],
];

/** The conflict group of one utility (variants removed), or null when it conflicts with nothing. */
function groupOf(utility: string): string | null {
  const bare = utility.replace(/^!|!$/, '').replace(/^-/, '');
  if (EXACT[bare]) return EXACT[bare];
  for (const [pattern, group] of PATTERNS) {
    const match = pattern.exec(bare);
    if (!match) continue;
    // A family listed by name: its name is the group ('px-4' → 'px', 'min-w-0' → 'min-w').
    if (group === '') return bare.slice(0, match[0].length - 1);
    return group.replace('$1', match[1] ?? '');
  }
  return null;
}

/** Splits `md:hover:px-2` into its variants (`md:hover:`) and the utility (`px-2`); colons inside brackets are not variants. */
function splitVariants(className: string): [variants: string, utility: string] {
  let depth = 0;
  let cut = 0;
  for (let i = 0; i < className.length; i++) {
    const char = className[i];
    if (char === '[' || char === '(') depth++;
    else if (char === ']' || char === ')') depth--;
    else if (char === ':' && depth === 0) cut = i + 1;
  }
  return [className.slice(0, cut), className.slice(cut)];
}

/** Class lists come from the code, so the same few hundred repeat on every render: merged once each. */
const merged = new Map<string, string>();
const MERGED_KEPT = 1000;

/** Removes every class that a later class of the same group (or of a wider group) overrides. */
export function mergeClasses(classes: string): string {
  let result = merged.get(classes);
  if (result === undefined) {
    if (merged.size >= MERGED_KEPT) merged.clear();
    result = merge(classes);
    merged.set(classes, result);
  }
  return result;
}

function merge(classes: string): string {
  const list = classes.split(/\s+/).filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = list.length - 1; i >= 0; i--) {
    const className = list[i]!;
    const [variants, utility] = splitVariants(className);
    const group = groupOf(utility);
    if (group === null) {
      kept.push(className);
      continue;
    }
    if (taken.has(variants + group)) continue;
    taken.add(variants + group);
    for (const narrower of ALSO_REPLACES[group] ?? []) taken.add(variants + narrower);
    kept.push(className);
  }
  return kept.reverse().join(' ');
}
