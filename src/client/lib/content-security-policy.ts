/**
 * What the bundle's libraries need to work under the pages' Content-Security-Policy (no
 * 'unsafe-eval', styles by nonce; docs/decisions/015). The entry's first import: both settings
 * must be in place before the libraries' own modules run.
 */

declare global {
  /** Zod's global configuration (what `z.config()` sets), on globalThis so every copy of zod shares it. */
  var __zod_globalConfig: { jitless?: boolean } | undefined;
  /** Where get-nonce finds the nonce for the `<style>` elements it creates (react-remove-scroll's, in the dialogs). */
  var __webpack_nonce__: string | undefined;
}

/**
 * Zod compiles object parsers with `new Function`: in the browser it must interpret them instead
 * (`jitless`), from the first schema on. This sets what `z.config({ jitless: true })` sets
 * without importing zod: the home page's first load has none, and importing zod's core here
 * would move all of it there (+3.7 KB gzipped).
 */
Object.assign((globalThis.__zod_globalConfig ??= {}), { jitless: true });

/**
 * The page's nonce, as Vite's `csp-nonce` meta tag carries it (the property: browsers hide the
 * attribute). The selector is Vite's own, written alike so it costs the compressed entry nothing.
 */
globalThis.__webpack_nonce__ = document.querySelector<HTMLMetaElement>('meta[property=csp-nonce]')?.nonce;

export {};
