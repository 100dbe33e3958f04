import dns from 'node:dns';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Transform, Writable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { formatBytes } from '#shared/text.ts';

/**
 * The one way the server fetches an address that staff typed (web scraper, mass scraper, the
 * importer's URL sources). Staff-typed URLs are a server-side request forgery risk, so:
 * - only http and https on ports 80 and 443, no user:password in the URL;
 * - the host is resolved here and every address it resolves to must be public; the socket
 *   connects to exactly the address that was checked (no second lookup, so DNS rebinding
 *   cannot slip an internal address in between);
 * - redirects are followed by hand, at most 5, each one checked like the first URL;
 * - connect and total time, size (decoded, counted while streaming) and content type are limited;
 * - no cookies, no credentials, no connection reuse: each request stands alone.
 */

/**
 * `host:port` pairs (as in the URL: `127.0.0.1:3999`, `localhost:3999`, `[::1]:3999`) fetched
 * although their address is internal or their port is not 80/443. Empty in production: only the
 * tests' local servers are put here (FETCH_ALLOW).
 */
export type FetchAllowance = ReadonlySet<string>;

/** The addresses a host name resolves to (tests replace the system resolver). */
export type Resolve = (hostname: string) => Promise<string[]>;

export type SafeFetchOptions = {
  /** The largest answer accepted, counted after decompression. */
  maxBytes: number;
  /** The whole fetch, redirects and body included. Default 20 s. */
  timeoutMs?: number;
  /** Until the TCP connection is up, per request. Default 5 s. */
  connectTimeoutMs?: number;
  /** Allowed content types by prefix (`text/html`, `image/`); anything else is refused. Omitted: any type. */
  accept?: string[];
  allow?: FetchAllowance;
  /** The shop's public address, named in the User-Agent so a site's owner knows who asks. */
  shopUrl?: string;
  resolve?: Resolve;
};

export type FetchErrorCode =
  | 'bad_url'
  | 'protocol'
  | 'credentials'
  | 'port'
  | 'blocked_address'
  | 'not_found'
  | 'connect_failed'
  | 'connect_timeout'
  | 'timeout'
  | 'tls'
  | 'too_large'
  | 'http_status'
  | 'too_many_redirects'
  | 'content_type'
  | 'bad_response';

/** Why a fetch was refused or failed: a Russian message for staff and a code for the program. */
export class FetchError extends Error {
  readonly code: FetchErrorCode;
  /** The HTTP status of an `http_status` error. */
  readonly status?: number;
  constructor(code: FetchErrorCode, message: string, status?: number) {
    super(message);
    this.name = 'FetchError';
    this.code = code;
    this.status = status;
  }
}

/** `url` is the final address after redirects; `contentType` the Content-Type header as sent (charset included). */
export type SafeFetchResult = { url: string; status: number; contentType: string; body: Buffer };
export type SafeFetchFileResult = { url: string; status: number; contentType: string; bytes: number };

export const MAX_REDIRECTS = 5;
const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Fetches a URL into memory (pages, feeds). */
export async function safeFetch(url: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  return withDeadline(options, async (signal) => {
    const answer = await open(url, options, signal);
    const chunks: Buffer[] = [];
    const collect = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    await pipeline([...answer.body, collect], { signal });
    return { url: answer.url, status: answer.status, contentType: answer.contentType, body: Buffer.concat(chunks) };
  });
}

/** Fetches a URL straight to a file (pictures, price lists); a failed fetch leaves no file behind. */
export async function safeFetchToFile(url: string, filePath: string, options: SafeFetchOptions): Promise<SafeFetchFileResult> {
  try {
    return await withDeadline(options, async (signal) => {
      const answer = await open(url, options, signal);
      const file = fs.createWriteStream(filePath);
      await pipeline([...answer.body, file], { signal });
      return { url: answer.url, status: answer.status, contentType: answer.contentType, bytes: file.bytesWritten };
    });
  } catch (error) {
    await fs.promises.rm(filePath, { force: true });
    throw error;
  }
}

/** Runs a fetch under the total time limit; whatever fails is turned into a FetchError. */
async function withDeadline<T>(options: SafeFetchOptions, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await run(controller.signal);
  } catch (error) {
    if (controller.signal.aborted) throw new FetchError('timeout', `Сайт не ответил за ${seconds(timeoutMs)}`);
    throw asFetchError(error);
  } finally {
    clearTimeout(timer);
  }
}

/** The final response; `body` is its stream and the stages that decode and limit it, to pipe into a sink. */
type OpenAnswer = { url: string; status: number; contentType: string; body: [http.IncomingMessage, ...Transform[]] };

/** Follows redirects by hand and answers the final response's decoded, size-limited body. */
async function open(startUrl: string, options: SafeFetchOptions, signal: AbortSignal): Promise<OpenAnswer> {
  let url = checkUrl(startUrl, options.allow);
  for (let redirects = 0; ; redirects++) {
    const address = await checkedAddress(url, options);
    const response = await request(url, address, options, signal);
    const status = response.statusCode ?? 0;
    if (REDIRECT_STATUSES.has(status)) {
      response.destroy();
      const location = response.headers.location;
      if (!location) throw new FetchError('bad_response', 'Сайт ответил перенаправлением без адреса');
      if (redirects >= MAX_REDIRECTS) throw new FetchError('too_many_redirects', 'Слишком много перенаправлений');
      url = checkUrl(resolveLocation(location, url), options.allow);
      continue;
    }
    if (status < 200 || status > 299) {
      response.destroy();
      throw new FetchError('http_status', `Сайт ответил с ошибкой ${status}`, status);
    }
    // Kept whole: the charset in it tells how to read a page.
    const contentType = (response.headers['content-type'] ?? '').trim();
    const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
    if (options.accept && !options.accept.some((prefix) => mediaType.startsWith(prefix))) {
      response.destroy();
      throw new FetchError('content_type', `По ссылке не то, что ожидалось: ${mediaType || 'тип не указан'}`);
    }
    const declared = Number(response.headers['content-length']);
    if (!response.headers['content-encoding'] && Number.isFinite(declared) && declared > options.maxBytes) {
      response.destroy();
      throw tooLarge(options.maxBytes);
    }
    return { url: url.href, status, contentType, body: decodedBody(response, options.maxBytes) };
  }
}

function resolveLocation(location: string, base: URL): string {
  try {
    return new URL(location, base).href;
  } catch {
    throw new FetchError('bad_response', 'Сайт перенаправил на неправильный адрес');
  }
}

/** The checks that need no network: scheme, credentials, port. */
function checkUrl(raw: string, allow: FetchAllowance | undefined): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new FetchError('bad_url', 'Неправильная ссылка');
  }
  const defaultPort = DEFAULT_PORTS[url.protocol];
  if (defaultPort === undefined) throw new FetchError('protocol', 'Разрешены только ссылки http и https');
  if (url.username || url.password) throw new FetchError('credentials', 'Ссылки с логином и паролем не принимаются');
  if (url.port !== '' && Number(url.port) !== defaultPort && !isAllowed(url, allow)) {
    throw new FetchError('port', 'Разрешены только обычные порты сайтов: 80 и 443');
  }
  url.hash = '';
  return url;
}

function isAllowed(url: URL, allow: FetchAllowance | undefined): boolean {
  if (!allow || allow.size === 0) return false;
  const port = url.port || String(DEFAULT_PORTS[url.protocol]);
  return allow.has(`${url.hostname}:${port}`);
}

/** Resolves the host and answers the one address to connect to, refusing internal ones. */
async function checkedAddress(url: URL, options: SafeFetchOptions): Promise<string> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = net.isIP(host) ? [host] : await resolveHost(host, options.resolve ?? systemResolve);
  if (addresses.length === 0) throw notFound(host);
  // A name that points inside the network even once is refused whole: it is not a shop's site.
  if (!isAllowed(url, options.allow) && addresses.some((address) => !isPublicAddress(address))) {
    throw new FetchError('blocked_address', 'Адрес недоступен: внутренние адреса запрещены');
  }
  return addresses[0]!;
}

/** The resolver's answers that the name has no address; any other failure means it could not be asked. */
const NO_SUCH_NAME = new Set(['ENOTFOUND', 'ENODATA']);

async function resolveHost(host: string, resolve: Resolve): Promise<string[]> {
  try {
    return await resolve(host);
  } catch (error) {
    if (NO_SUCH_NAME.has(String((error as NodeJS.ErrnoException).code))) throw notFound(host);
    throw unreachable(host, 'нет связи с интернетом или сайт временно недоступен');
  }
}

const systemResolve: Resolve = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Only ordinary public unicast addresses. IPv6 forms that carry an IPv4 address (mapped,
 * NAT64, 6to4, the deprecated IPv4-compatible ::a.b.c.d) are judged by that IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded) return embedded.range() === 'unicast';
  return v6.range() === 'unicast';
}

function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const b = v6.toByteArray();
  const range = v6.range();
  if (range === 'ipv4Mapped' || range === 'rfc6052' || range === 'rfc6145') return new ipaddr.IPv4(b.slice(12, 16));
  if (range === '6to4') return new ipaddr.IPv4(b.slice(2, 6));
  if (b.slice(0, 12).every((byte) => byte === 0)) return new ipaddr.IPv4(b.slice(12, 16));
  return null;
}

/** One GET to the checked address, with the URL's own host name for the Host header and TLS. */
function request(url: URL, address: string, options: SafeFetchOptions, signal: AbortSignal): Promise<http.IncomingMessage> {
  const secure = url.protocol === 'https:';
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request({
      host: address,
      port: url.port || DEFAULT_PORTS[url.protocol],
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      // TLS checks the certificate against the name typed, not the address connected to.
      ...(secure && !net.isIP(hostname) ? { servername: hostname } : {}),
      agent: false,
      signal,
      headers: requestHeaders(url, options),
    });
    const connectTimer = setTimeout(() => {
      req.destroy(new FetchError('connect_timeout', `Магазин не смог связаться с сайтом ${hostname}: он не ответил за ${seconds(connectTimeoutMs)}`));
    }, connectTimeoutMs);
    req.once('socket', (socket) => {
      if (!socket.connecting) clearTimeout(connectTimer);
      else socket.once('connect', () => clearTimeout(connectTimer));
    });
    req.once('response', (response) => {
      clearTimeout(connectTimer);
      resolve(response);
    });
    req.once('error', (error) => {
      clearTimeout(connectTimer);
      reject(asFetchError(error, hostname));
    });
    req.end();
  });
}

function requestHeaders(url: URL, options: SafeFetchOptions): Record<string, string> {
  const accept = options.accept?.map((prefix) => (prefix.endsWith('/') ? `${prefix}*` : prefix)).join(', ');
  return {
    host: url.host,
    'user-agent': options.shopUrl ? `ProfInstrumentBot/1.0 (+${options.shopUrl})` : 'ProfInstrumentBot/1.0',
    accept: accept || '*/*',
    'accept-encoding': 'gzip, br',
    'accept-language': 'ru-RU,ru;q=0.9,en;q=0.5',
  };
}

/** The body decompressed as the server declared it, cut off with an error once over the limit. */
function decodedBody(response: http.IncomingMessage, maxBytes: number): OpenAnswer['body'] {
  const encoding = (response.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (encoding === '' || encoding === 'identity') return [response, limitTo(maxBytes)];
  const decoder = decoderFor(encoding);
  if (!decoder) {
    response.destroy();
    throw new FetchError('bad_response', `Сайт прислал ответ в неизвестном сжатии: ${encoding}`);
  }
  return [response, decoder, limitTo(maxBytes)];
}

function decoderFor(encoding: string): Transform | null {
  if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.createGunzip();
  if (encoding === 'br') return zlib.createBrotliDecompress();
  if (encoding === 'deflate') return zlib.createInflate();
  return null;
}

function limitTo(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(tooLarge(maxBytes));
      else callback(null, chunk);
    },
  });
}

const tooLarge = (maxBytes: number) => new FetchError('too_large', `Ответ больше ${formatBytes(maxBytes)}`);
/**
 * The resolver knows no such name. A server without internet hears the same from a resolver
 * that answers only locally, so the message does not blame the link alone.
 */
const notFound = (host: string) =>
  new FetchError('not_found', `Магазин не нашёл сайт ${host}: либо в ссылке ошибка, либо у магазина сейчас нет связи с интернетом`);
/** The site is there (or may be) but the shop could not get through to it. */
const unreachable = (host: string, reason: string) => new FetchError('connect_failed', `Магазин не смог связаться с сайтом ${host}: ${reason}`);

/** Why a connection was not made, by the socket's error code. */
const CONNECT_REASONS: Record<string, string> = {
  ECONNREFUSED: 'сайт не принимает соединения',
  ENETUNREACH: 'нет связи с интернетом или с сетью сайта',
  EHOSTUNREACH: 'нет связи с интернетом или с сетью сайта',
  ENETDOWN: 'нет связи с интернетом',
  EHOSTDOWN: 'сайт недоступен',
};

/**
 * A system error from the socket, TLS, HTTP parser or decompressor, told in Russian; `host`
 * is known while connecting, where the message names the site.
 */
function asFetchError(error: unknown, host?: string): FetchError {
  if (error instanceof FetchError) return error;
  const code = String((error as NodeJS.ErrnoException | undefined)?.code ?? '');
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_OSSL)/.test(code)) {
    return new FetchError('tls', 'Не удалось установить защищённое соединение с сайтом: сертификат не подтверждён');
  }
  if (code.startsWith('HPE_')) return new FetchError('bad_response', 'Сайт прислал неправильный ответ');
  // zlib's codes are Z_*, brotli's ERR__* (ERR__ERROR_FORMAT_PADDING_1 and the like).
  if (/^(Z_|ERR__)/.test(code)) {
    return new FetchError('bad_response', 'Сайт прислал повреждённые сжатые данные');
  }
  if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE') return new FetchError('connect_failed', 'Сайт оборвал соединение');
  if (host) return unreachable(host, CONNECT_REASONS[code] ?? 'соединение не установлено');
  return new FetchError('connect_failed', 'Магазин не смог связаться с сайтом');
}

/** 20 000 → «20 с», 300 → «0,3 с». */
function seconds(ms: number): string {
  return `${String(Math.round(ms / 100) / 10).replace('.', ',')} с`;
}
