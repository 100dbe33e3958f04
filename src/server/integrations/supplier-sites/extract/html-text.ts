import * as cheerio from 'cheerio';
import type { AnyNode, Element } from 'domhandler';

/**
 * A description's HTML as the clean text the shop shows (product pages print paragraphs, one per
 * line): paragraphs and headings apart by an empty line, list items as «— …» lines, table rows as
 * «cell: cell». Scripts, styles, forms and pictures are dropped; no markup survives.
 */
export function htmlToText(html: string): string | undefined {
  const $ = cheerio.load(html, null, false);
  // Plain text (JSON-LD descriptions mostly are): its own line breaks are its paragraphs.
  if (!/<[a-z!/]/i.test(html)) return plainLines($.root().text());
  const lines: string[] = [];
  let current = '';
  const flush = (blankAfter: boolean) => {
    const text = current.replace(/[\s\u00a0]+/g, ' ').trim();
    if (text) lines.push(text);
    if (blankAfter && lines.at(-1) !== '') lines.push('');
    current = '';
  };
  const walk = (nodes: AnyNode[]) => {
    for (const node of nodes) {
      if (node.type === 'text') current += (node as unknown as { data: string }).data;
      else if (node.type === 'tag') visit(node as Element);
    }
  };
  const visit = (el: Element) => {
    const tag = el.tagName.toLowerCase();
    if (DROPPED.has(tag)) return;
    if (tag === 'br') return flush(false);
    if (tag === 'li') {
      flush(false);
      current = '— ';
      walk(el.children);
      return flush(false);
    }
    if (tag === 'tr') {
      flush(false);
      const cells = $(el).children('td, th').map((_, cell) => $(cell).text().replace(/[\s\u00a0]+/g, ' ').trim()).get().filter(Boolean);
      current = cells.join(': ');
      return flush(false);
    }
    if (PARAGRAPHS.has(tag)) {
      flush(true);
      walk(el.children);
      return flush(true);
    }
    if (BLOCKS.has(tag)) {
      flush(false);
      walk(el.children);
      return flush(false);
    }
    walk(el.children);
  };
  walk($.root().contents().get());
  flush(false);
  return plainLines(lines.join('\n'));
}

/** Spaces collapsed inside each line, at most one empty line in a row, none at the ends. */
function plainLines(text: string): string | undefined {
  const lines = text.split(/\r?\n/).map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim());
  const joined = lines.join('\n').replace(/\n{3,}/g, '\n\n').trim();
  return joined === '' ? undefined : joined;
}

const DROPPED = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'img', 'picture', 'video', 'audio', 'form', 'button', 'input', 'select', 'textarea', 'head', 'title', 'meta', 'link']);
const PARAGRAPHS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'table', 'blockquote', 'pre', 'dl']);
const BLOCKS = new Set(['div', 'section', 'article', 'header', 'footer', 'aside', 'main', 'nav', 'figure', 'figcaption', 'dt', 'dd', 'address', 'tbody', 'thead', 'tfoot', 'caption']);
