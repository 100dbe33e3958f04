import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocally } from '../../../tests/helpers/local-server.ts';
import { loadConfig } from '../config.ts';
import { formatBytes } from '#shared/text.ts';
import { FetchError, isPublicAddress, safeFetch, safeFetchToFile, type SafeFetchOptions } from './safe-fetch.ts';

const BLOCKED = 'Адрес недоступен: внутренние адреса запрещены';
const PROTOCOL = 'Разрешены только ссылки http и https';

/** A local site: each path is one behaviour the fetcher must handle. Requests are recorded. */
const seen: http.IncomingHttpHeaders[] = [];
let base = '';
let allow: Set<string>;
const answer: http.RequestListener = (req, res) => {
  seen.push(req.headers);
  const page = '<!doctype html><html><body><h1>Перфоратор DCK KZC02-26</h1></body></html>';
  switch (req.url) {
    case '/page':
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      return;
    case '/gzip':
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(zlib.gzipSync(page));
      return;
    case '/br':
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'br' }).end(zlib.brotliCompressSync(page));
      return;
    case '/redirect':
      res.writeHead(302, { location: '/page' }).end();
      return;
    case '/redirect-loop':
      res.writeHead(301, { location: '/redirect-loop' }).end();
      return;
    case '/big':
      res.writeHead(200, { 'content-type': 'text/html' }).end('x'.repeat(4096));
      return;
    case '/big-chunked':
      // No Content-Length: the limit must be kept while streaming.
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('x'.repeat(1000));
      res.write('x'.repeat(1000));
      res.end('x'.repeat(3000));
      return;
    case '/bomb':
      // 10 MB of zeros gzipped to a few kilobytes.
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(zlib.gzipSync(Buffer.alloc(10 * 1024 * 1024)));
      return;
    case '/never-answers':
      return;
    case '/never-finishes':
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><body>начало страницы');
      return;
    case '/pdf':
      res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4');
      return;
    case '/missing':
      res.writeHead(404, { 'content-type': 'text/html' }).end('нет такой страницы');
      return;
    default: {
      const redirect = /^\/redirect-to\?(.*)$/.exec(req.url ?? '');
      if (redirect) res.writeHead(302, { location: decodeURIComponent(redirect[1]!) }).end();
      else res.writeHead(500).end();
    }
  }
};

let site: Awaited<ReturnType<typeof listenLocally>>;
beforeAll(async () => {
  site = await listenLocally(answer);
  base = site.origin;
  // Through the configuration, as the e2e server gets it.
  allow = loadConfig({ FETCH_ALLOW: `127.0.0.1:${site.port}` }).fetchAllow as Set<string>;
});
afterAll(() => site.close());

const options = (extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({ maxBytes: 1024 * 1024, allow, ...extra });

/** The fetch's Russian message and code, or a failure when it did not fail. */
async function refusal(url: string, extra: Partial<SafeFetchOptions> = {}): Promise<{ message: string; code: string }> {
  try {
    await safeFetch(url, options(extra));
  } catch (error) {
    expect(error).toBeInstanceOf(FetchError);
    return { message: (error as FetchError).message, code: (error as FetchError).code };
  }
  throw new Error(`${url} was fetched`);
}

describe('safeFetch refuses what is not a public web page', () => {
  it.each([
    'http://127.0.0.1/',
    'http://127.0.0.1:80/admin',
    'http://[::1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://192.168.1.1/',
    'http://172.16.5.4/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://224.0.0.1/',
    'http://192.0.2.10/',
    'http://2130706433/', // 127.0.0.1 written as a number
    'http://0x7f.1/', // and in hex
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[64:ff9b::a00:1]/', // NAT64 of 10.0.0.1
    'http://[2002:7f00:1::]/', // 6to4 of 127.0.0.1
    'http://[::7f00:1]/', // IPv4-compatible 127.0.0.1
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://[2001:db8::1]/',
    'https://[::]/',
  ])('%s', async (url) => {
    expect(await refusal(url)).toEqual({ message: BLOCKED, code: 'blocked_address' });
  });

  it('refuses a public-looking name that resolves to an internal address, even once among others', async () => {
    expect(await refusal('https://dck-tools.example.ru/catalog/', { resolve: async () => ['10.1.2.3'] })).toEqual({ message: BLOCKED, code: 'blocked_address' });
    expect(await refusal('https://dck-tools.example.ru/', { resolve: async () => ['93.184.216.34', '127.0.0.1'] })).toEqual({ message: BLOCKED, code: 'blocked_address' });
    expect(await refusal('https://dck-tools.example.ru/', { resolve: async () => ['::ffff:192.168.0.5'] })).toEqual({ message: BLOCKED, code: 'blocked_address' });
  });

  it('refuses localhost by name', async () => {
    expect(await refusal('http://localhost/')).toEqual({ message: BLOCKED, code: 'blocked_address' });
  });

  it.each(['file:///etc/passwd', 'ftp://ftp.example.ru/price.csv', 'gopher://example.ru/', 'data:text/html,<h1>x</h1>', 'javascript:alert(1)'])('%s', async (url) => {
    expect(await refusal(url)).toEqual({ message: PROTOCOL, code: 'protocol' });
  });

  it('refuses other ports, credentials in the URL and what is not a URL', async () => {
    expect(await refusal('http://dck-tools.example.ru:8080/')).toEqual({ message: 'Разрешены только обычные порты сайтов: 80 и 443', code: 'port' });
    expect(await refusal('https://admin:secret@dck-tools.example.ru/')).toEqual({ message: 'Ссылки с логином и паролем не принимаются', code: 'credentials' });
    expect(await refusal('перфоратор')).toEqual({ message: 'Неправильная ссылка', code: 'bad_url' });
  });

  /** A resolver that fails as getaddrinfo does, with this code. */
  const failingResolver = (code: string, message = `getaddrinfo ${code}`) => async () => {
    throw Object.assign(new Error(message), { code });
  };

  it('refuses a name that does not resolve', async () => {
    expect(await refusal('https://no-such-shop.example.ru/', { resolve: failingResolver('ENOTFOUND') })).toEqual({
      message: 'Магазин не нашёл сайт no-such-shop.example.ru: либо в ссылке ошибка, либо у магазина сейчас нет связи с интернетом',
      code: 'not_found',
    });
  });

  it('tells a resolver that could not answer (no connection) from a name that does not exist', async () => {
    expect(await refusal('https://dck-tools.ru/', { resolve: failingResolver('EAI_AGAIN', 'getaddrinfo EAI_AGAIN dck-tools.ru') })).toEqual({
      message: 'Магазин не смог связаться с сайтом dck-tools.ru: нет связи с интернетом или сайт временно недоступен',
      code: 'connect_failed',
    });
  });

  it.each([
    ['loopback', 'http://127.0.0.1/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['private network', 'http://10.0.0.1/'],
    ['a name resolving to the local machine', 'http://localhost/'],
  ])('refuses a redirect to %s', async (_what, target) => {
    expect(await refusal(`${base}/redirect-to?${encodeURIComponent(target)}`)).toEqual({ message: BLOCKED, code: 'blocked_address' });
  });

  it('refuses a redirect to another scheme or port', async () => {
    expect(await refusal(`${base}/redirect-to?${encodeURIComponent('file:///etc/passwd')}`)).toEqual({ message: PROTOCOL, code: 'protocol' });
    expect(await refusal(`${base}/redirect-to?${encodeURIComponent('gopher://127.0.0.1:6379/_FLUSHALL')}`)).toEqual({ message: PROTOCOL, code: 'protocol' });
    expect(await refusal(`${base}/redirect-to?${encodeURIComponent('http://dck-tools.example.ru:6379/')}`)).toMatchObject({ code: 'port' });
  });

  it('stops after five redirects', async () => {
    expect(await refusal(`${base}/redirect-loop`)).toEqual({ message: 'Слишком много перенаправлений', code: 'too_many_redirects' });
  });

  it('refuses oversized answers: by their length, while streaming, and after decompression', async () => {
    const tooLarge = { message: 'Ответ больше 1 КБ', code: 'too_large' };
    expect(await refusal(`${base}/big`, { maxBytes: 1024 })).toEqual(tooLarge);
    expect(await refusal(`${base}/big-chunked`, { maxBytes: 1024 })).toEqual(tooLarge);
    expect(await refusal(`${base}/bomb`, { maxBytes: 5 * 1024 * 1024 })).toEqual({ message: 'Ответ больше 5 МБ', code: 'too_large' });
  });

  it('gives up on a site that does not answer or never finishes', async () => {
    expect(await refusal(`${base}/never-answers`, { timeoutMs: 300 })).toEqual({ message: 'Сайт не ответил за 0,3 с', code: 'timeout' });
    expect(await refusal(`${base}/never-finishes`, { timeoutMs: 300 })).toEqual({ message: 'Сайт не ответил за 0,3 с', code: 'timeout' });
  });

  it('refuses other content types and error statuses', async () => {
    expect(await refusal(`${base}/pdf`, { accept: ['text/html'] })).toEqual({ message: 'По ссылке не то, что ожидалось: application/pdf', code: 'content_type' });
    expect(await refusal(`${base}/missing`)).toEqual({ message: 'Сайт ответил с ошибкой 404', code: 'http_status' });
  });

  it('refuses the local server when it is not explicitly allowed', async () => {
    expect(await refusal(`${base}/page`, { allow: undefined })).toEqual({ message: 'Разрешены только обычные порты сайтов: 80 и 443', code: 'port' });
  });
});

describe('safeFetch fetches from an allowed site', () => {
  it('follows a redirect and answers the final URL, status, type and body', async () => {
    seen.length = 0;
    const answer = await safeFetch(`${base}/redirect`, options({ accept: ['text/html'], shopUrl: 'https://profinstrument.ru' }));
    expect(answer).toMatchObject({ url: `${base}/page`, status: 200, contentType: 'text/html; charset=utf-8' });
    expect(answer.body.toString('utf8')).toContain('Перфоратор DCK KZC02-26');
    // Who asks is named; nothing of the shop's own session or credentials goes along.
    expect(seen).toHaveLength(2);
    for (const headers of seen) {
      expect(headers).toMatchObject({ 'user-agent': 'ProfInstrumentBot/1.0 (+https://profinstrument.ru)', host: new URL(base).host, accept: 'text/html', 'accept-encoding': 'gzip, br' });
      expect(headers).not.toHaveProperty('cookie');
      expect(headers).not.toHaveProperty('authorization');
    }
  });

  it('decodes gzip and brotli', async () => {
    for (const encoded of ['/gzip', '/br']) {
      expect((await safeFetch(`${base}${encoded}`, options())).body.toString('utf8')).toContain('Перфоратор DCK KZC02-26');
    }
  });

  it('streams to a file, and leaves no file when the answer is refused', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safe-fetch-'));
    const file = path.join(dir, 'page.html');
    expect(await safeFetchToFile(`${base}/gzip`, file, options())).toMatchObject({ url: `${base}/gzip`, status: 200, contentType: 'text/html', bytes: fs.statSync(file).size });
    expect(fs.readFileSync(file, 'utf8')).toContain('Перфоратор DCK KZC02-26');
    const big = path.join(dir, 'big.html');
    await expect(safeFetchToFile(`${base}/big-chunked`, big, options({ maxBytes: 1024 }))).rejects.toThrow('Ответ больше 1 КБ');
    expect(fs.existsSync(big)).toBe(false);
    fs.rmSync(dir, { recursive: true });
  });
});

describe('isPublicAddress and formatBytes', () => {
  it('lets ordinary public addresses through', () => {
    expect(['93.184.216.34', '77.88.55.242', '2a02:6b8::2:242', '::ffff:93.184.216.34', '64:ff9b::5db8:d822'].map(isPublicAddress)).toEqual([true, true, true, true, true]);
  });

  it('speaks sizes in Russian', () => {
    expect([formatBytes(5 * 1024 * 1024), formatBytes(20 * 1024 * 1024), formatBytes(1536), formatBytes(500)]).toEqual(['5 МБ', '20 МБ', '1,5 КБ', '500 Б']);
  });
});

describe('FETCH_ALLOW', () => {
  it('is empty by default and refuses what is not a host:port list', () => {
    expect(loadConfig({}).fetchAllow.size).toBe(0);
    expect([...loadConfig({ FETCH_ALLOW: '127.0.0.1:3999, localhost:3999,[::1]:3999' }).fetchAllow]).toEqual(['127.0.0.1:3999', 'localhost:3999', '[::1]:3999']);
    expect(() => loadConfig({ FETCH_ALLOW: 'http://127.0.0.1:3999' })).toThrow('FETCH_ALLOW');
  });
});
