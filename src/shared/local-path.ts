/**
 * Where a visitor may be sent back to (after login, after choosing a city): a path on this site
 * only, decided on the server and in the browser alike so neither becomes an open redirect.
 */

const SITE = 'http://shop.invalid';

/** Characters a browser drops or reads as `/` in an address, raw or percent-encoded in the path. */
const UNSAFE = /[\\\u0000-\u001f\u007f]/;
const ENCODED_SLASH = /%(?:2f|5c)/i;

/**
 * The path (with its query and fragment) as a browser would go to it, or null when it could lead
 * off the site: not starting with one `/`, a scheme, `//host`, `/\host`, backslashes or control
 * characters anywhere, an encoded slash or backslash in the path, or a path that only after
 * normalisation starts with `//` (`/.//evil.example` is `//evil.example`).
 */
export function localPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || UNSAFE.test(raw)) return null;
  if (ENCODED_SLASH.test(raw.split(/[?#]/, 1)[0]!)) return null;
  let url: URL;
  try {
    url = new URL(raw, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE || url.pathname.startsWith('//')) return null;
  return url.pathname + url.search + url.hash;
}
