import { createHash, randomBytes } from 'node:crypto';

/**
 * The Content-Security-Policy of the shop's HTML (docs/decisions/015). Server-rendered pages run
 * only scripts that carry the answer's nonce, and what those load ('strict-dynamic': the bundle's
 * chunks, the analytics counters after consent); static pages run only their own inline parts
 * (hashes).
 */

/**
 * Written by Vite (`html.cspNonce`) into the built template's scripts, module preloads and the
 * `csp-nonce` meta tag (which Vite's loader reads for the preloads it adds), and by the build into
 * the inlined stylesheet; every page answer puts its own nonce in its place.
 */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** 128 random bits, new for every page answer. */
export const newNonce = () => randomBytes(16).toString('base64');

/**
 * What the counters load and send once a visitor has accepted analytics: Yandex Metrika and the
 * Google tag (GA4), as their own CSP guides list them. Their scripts need no entry here:
 * 'strict-dynamic' trusts what the shop's nonce-carrying code adds.
 */
const COUNTERS = {
  connect: ['https://mc.yandex.ru', 'https://mc.yandex.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  img: ['https://mc.yandex.ru', 'https://mc.yandex.com', 'https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  frame: ['https://mc.yandex.ru', 'https://mc.yandex.com'],
};

type Directives = Record<string, string[]>;

const serialize = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');

/** What every policy of the shop says, whatever the page. */
const COMMON: Directives = {
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * A server-rendered page's policy. Browsers without 'strict-dynamic' (CSP 2) fall back to 'self'
 * and https: for scripts; newer ones ignore both. Styles: the nonce for the inlined stylesheet and
 * the `<style>` elements the bundle adds, any style attribute (React and Radix position popups with
 * them), which cannot run code. Pictures also come from `pictureOrigins`: the object storage's
 * S3_PUBLIC_URL origin when pictures live in a bucket (docs/decisions/039).
 */
export function pagePolicy(nonce: string, pictureOrigins: string[] = []): string {
  return serialize({
    'default-src': ["'self'"],
    'script-src': [`'nonce-${nonce}'`, "'strict-dynamic'", "'self'", 'https:'],
    'style-src': ["'self'", `'nonce-${nonce}'`],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...pictureOrigins, ...COUNTERS.img],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...COUNTERS.connect],
    'frame-src': COUNTERS.frame,
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    ...COMMON,
  });
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const inlineParts = (html: string, tag: 'script' | 'style') =>
  [...html.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'gi'))].map((m) => m[1]!).filter((body) => body !== '');

/**
 * A static page's policy (the offline page, the refused-address page): its own inline scripts and
 * stylesheets by hash, nothing else runs; no style attributes.
 */
export function staticPagePolicy(html: string): string {
  const hashes = (tag: 'script' | 'style') => {
    const parts = inlineParts(html, tag).map(sha256);
    return parts.length > 0 ? parts : ["'none'"];
  };
  return serialize({
    'default-src': ["'self'"],
    'script-src': hashes('script'),
    'style-src': hashes('style'),
    ...COMMON,
  });
}

/** The `<style>` inside Swagger UI's logo (an inline SVG its React renders). */
const SWAGGER_LOGO_STYLE = '.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}';

/**
 * The API docs page's policy (Swagger UI at /api/docs): its own scripts and stylesheets from the
 * docs' static files only, and its logo's style by hash; its React sets style attributes and it
 * draws icons as data: images; «Try it out» calls the shop's own API. The schema validator badge
 * (another site) is off.
 */
export function apiDocsPolicy(): string {
  return serialize({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", sha256(SWAGGER_LOGO_STYLE)],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    ...COMMON,
  });
}
