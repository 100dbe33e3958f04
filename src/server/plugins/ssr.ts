import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../core/app-types.ts';
import { NONCE_PLACEHOLDER, newNonce, pagePolicy } from '../core/content-security-policy.ts';
import { pickEncoding } from '../core/http-cache.ts';
import { CITY_COOKIE } from '#shared/schemas/branches.ts';
import type { RenderFn } from '#shared/ssr-contract.ts';

export type SsrSource = {
  /** The HTML template with <!--app-head-->, <!--app-html--> and <!--app-state--> slots. */
  template(url: string): Promise<string>;
  render(): Promise<RenderFn>;
};

/** Production: the built client (<dist>/client) and SSR bundle (<dist>/server). */
export function builtSsrSource(distDir: string): SsrSource {
  const templatePromise = fs.readFile(path.join(distDir, 'client/index.html'), 'utf8');
  const renderPromise = import(path.join(distDir, 'server/entry-server.js')).then((m) => m.render as RenderFn);
  return { template: () => templatePromise, render: () => renderPromise };
}

const CLIENT_ONLY_PREFIXES = ['/admin'];
const isClientOnly = (url: string) => CLIENT_ONLY_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`));

/** JSON in a <script> must not be able to close the tag. */
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

type Slots = { head: string; html: string; state: string; nonce: string };

const SLOT = new RegExp(`<!--app-(head|html|state)-->|${NONCE_PLACEHOLDER}`, 'g');

/**
 * The page's parts put into the template's slots, and the answer's nonce in place of the build's
 * placeholder, in one pass. A function replacement, never a replacement string: `String.replace`
 * would expand `$&`, `$'` and `` $` `` in the content (a visitor's search text is in it) into
 * pieces of the template. One pass also means nothing inserted is searched for slots again.
 */
export const fillTemplate = (template: string, slots: Slots) =>
  template.replace(SLOT, (_marker, slot: Exclude<keyof Slots, 'nonce'> | undefined) => (slot ? slots[slot] : slots.nonce));

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Pages come from the not-found handler, which @fastify/compress does not reach (it hooks
 * routes): compress them here, brotli or gzip as the browser accepts.
 */
async function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.header('vary', 'accept-encoding');
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding === 'br') {
    const body = await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(await gzip(html));
  return reply.send(html);
}

/**
 * The single-slash address of a path that starts with more than one slash, or with a slash and
 * a backslash (which browsers read as a slash); null for any other. Never redirected as it
 * came: `//host/…` in a Location header is another site.
 */
export function singleSlashPath(url: string): string | null {
  const leading = /^\/[/\\]+/.exec(url);
  return leading ? `/${url.slice(leading[0].length)}` : null;
}

const CLIENT_ONLY_SHELL =
  '<div class="flex min-h-screen items-center justify-center" role="status" aria-label="Загрузка"><div class="size-10 animate-spin rounded-full border-4 border-zinc-300 border-t-zinc-800"></div></div>';

/**
 * Every GET that is not an API call or a file is a page: rendered on the server with its data
 * (storefront), or sent as an empty shell the client fills (admin, a lazy client-only chunk).
 */
export function registerSsr(app: App, source: SsrSource) {
  const fetchViaInject =
    (request: FastifyRequest): typeof fetch =>
    async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
      const res = await app.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url,
        headers: {
          cookie: request.headers.cookie ?? '',
          'content-type': 'application/json',
          'user-agent': request.headers['user-agent'] ?? '',
          'x-forwarded-for': request.ip,
        },
        payload: init?.body as string | undefined,
      });
      return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
        status: res.statusCode,
        headers: res.headers as Record<string, string>,
      });
    };

  // Vite's development server adds scripts and styles of its own (hot reload): no policy there.
  const enforcePolicy = app.deps.config.env !== 'development';
  const pictureOrigins = app.deps.config.s3 ? [new URL(app.deps.config.s3.publicUrl).origin] : [];

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const url = request.url;
    const template = await source.template(url);
    const nonce = newNonce();
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (enforcePolicy) reply.header('content-security-policy', pagePolicy(nonce, pictureOrigins));
    if (isClientOnly(url)) {
      return sendHtml(
        request,
        reply,
        fillTemplate(template, {
          head: '<title>Панель управления</title><meta name="robots" content="noindex">',
          html: CLIENT_ONLY_SHELL,
          state: '',
          nonce,
        }),
      );
    }
    const render = await source.render();
    const city = request.cookies[CITY_COOKIE] ?? '';
    const result = await render({ url, fetch: fetchViaInject(request), publicUrl: app.deps.config.publicUrl, nonce, city });
    if (result.type === 'redirect') return reply.redirect(result.location, result.status);
    reply.status(result.status);
    return sendHtml(
      request,
      reply,
      fillTemplate(template, {
        head: result.head,
        html: result.html,
        state: `<script nonce="${nonce}">window.__RQ_STATE__=${scriptSafe(result.state)}</script>`,
        nonce,
      }),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    // A form sent before the page's script loaded posts to the page itself (the forms that carry
    // a password say method="post", so it is never in an address): the page comes back by 303,
    // and what was typed is neither read nor logged.
    const formPost = request.method === 'POST' && !request.url.startsWith('/api/');
    if (request.method !== 'GET' && request.method !== 'HEAD' && !formPost) return reply.status(404).send({ message: 'Не найдено' });
    const single = singleSlashPath(request.url);
    if (single !== null) return reply.redirect(single, formPost ? 303 : 301);
    if (formPost) return reply.redirect(request.url, 303);
    if (request.url.startsWith('/api/')) return reply.status(404).send({ message: 'Не найдено' });
    // Missing files (an extension in the last segment) get a plain 404, not a page render.
    if (/\.[a-z0-9]{2,5}$/i.test(request.url.split('?')[0]!)) return reply.status(404).type('text/plain').send('Not found');
    return sendPage(request, reply);
  });
}
