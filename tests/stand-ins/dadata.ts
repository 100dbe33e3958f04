/**
 * A local stand-in of DaData's «Подсказки» API, method «Организация по ИНН или ОГРН»
 * (https://dadata.ru/api/find-party/), for the tests: no test reaches the internet. It follows the
 * documented protocol where the shop relies on it:
 * - `POST /findById/party` with `Content-Type: application/json` and `{ "query": "<ИНН or ОГРН>" }`
 *   (optional `branch_type`: MAIN or BRANCH, `count`);
 * - `Authorization: Token <key>`: none is 401, an unknown key 403 (DaData's «несуществующий
 *   API-ключ»); a method other than POST 405; a body that is not JSON or has no `query` 400;
 * - the answer `{ suggestions: [...] }`, each `{ value, unrestricted_value, data: { inn, kpp, ogrn,
 *   type, branch_type, name, address, state, ... } }`; an unknown ИНН answers an empty list;
 * - a company with branches answers the head office and its branches (same ИНН, other КПП).
 * Parties it knows: ПАО Сбербанк (with one branch), an individual entrepreneur, a company being
 * liquidated and a liquidated one (`STAND_IN_PARTIES`).
 * Test hooks: the requests received (`requests`, and `GET /__test/requests` for a browser test);
 * make the next calls fail with a status, 0 closing the connection (`failNext`; DaData's 429 for
 * too many requests, say).
 *
 * Run for the browser test: `npx tsx tests/stand-ins/dadata.ts --port N` (optional `--key`).
 */
import http from 'node:http';
import { listenLocally, startFromCommandLine } from './serve.ts';

export const STAND_IN_DADATA_KEY = 'test_stand_in_dadata_key';

type Party = {
  value: string;
  unrestricted_value: string;
  data: Record<string, unknown> & { inn: string; branch_type: 'MAIN' | 'BRANCH' | null };
};

const party = (p: {
  inn: string;
  kpp: string | null;
  ogrn: string;
  type: 'LEGAL' | 'INDIVIDUAL';
  branchType?: 'MAIN' | 'BRANCH' | null;
  full: string;
  short: string;
  postalCode: string;
  address: string;
  status: 'ACTIVE' | 'LIQUIDATING' | 'LIQUIDATED' | 'BANKRUPT' | 'REORGANIZING';
  liquidationDate?: number;
}): Party => ({
  value: p.short,
  unrestricted_value: p.short,
  data: {
    inn: p.inn,
    kpp: p.kpp,
    ogrn: p.ogrn,
    type: p.type,
    branch_type: p.type === 'INDIVIDUAL' ? null : (p.branchType ?? 'MAIN'),
    name: { full_with_opf: p.full, short_with_opf: p.short, latin: null, full: p.full.replace(/^\S+ /, ''), short: p.short.replace(/^\S+ /, '') },
    address: { value: p.address, unrestricted_value: `${p.postalCode}, ${p.address}`, data: { postal_code: p.postalCode, source: p.address.toUpperCase() } },
    state: { status: p.status, actuality_date: 1_700_000_000_000, registration_date: 1_000_000_000_000, liquidation_date: p.liquidationDate ?? null },
  },
});

/** What the register holds here, by ИНН: each list as DaData answers it (the head office first). */
export const STAND_IN_PARTIES: Record<string, Party[]> = {
  '7707083893': [
    party({
      inn: '7707083893',
      kpp: '773601001',
      ogrn: '1027700132195',
      type: 'LEGAL',
      full: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО "СБЕРБАНК РОССИИ"',
      short: 'ПАО СБЕРБАНК',
      postalCode: '117312',
      address: 'г Москва, ул Вавилова, д 19',
      status: 'ACTIVE',
    }),
    party({
      inn: '7707083893',
      kpp: '344402001',
      ogrn: '1027700132195',
      type: 'LEGAL',
      branchType: 'BRANCH',
      full: 'ВОЛГОГРАДСКОЕ ОТДЕЛЕНИЕ № 8621 ПАО СБЕРБАНК',
      short: 'ВОЛГОГРАДСКОЕ ОТДЕЛЕНИЕ № 8621 ПАО СБЕРБАНК',
      postalCode: '400005',
      address: 'г Волгоград, пр-кт им. В.И. Ленина, д 40',
      status: 'ACTIVE',
    }),
  ],
  '500100732259': [
    party({
      inn: '500100732259',
      kpp: null,
      ogrn: '304500116000157',
      type: 'INDIVIDUAL',
      full: 'Индивидуальный предприниматель Кузнецов Сергей Петрович',
      short: 'ИП Кузнецов Сергей Петрович',
      postalCode: '143960',
      address: 'Московская обл, г Реутов',
      status: 'ACTIVE',
    }),
  ],
  '6164012341': [
    party({
      inn: '6164012341',
      kpp: '616401001',
      ogrn: '1166164001233',
      type: 'LEGAL',
      full: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "РОСТОВ-СТРОЙИНСТРУМЕНТ"',
      short: 'ООО "РОСТОВ-СТРОЙИНСТРУМЕНТ"',
      postalCode: '344002',
      address: 'г Ростов-на-Дону, ул Большая Садовая, д 10',
      status: 'LIQUIDATING',
    }),
  ],
  '3444012349': [
    party({
      inn: '3444012349',
      kpp: '344401001',
      ogrn: '1143444001238',
      type: 'LEGAL',
      full: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "СТАРЫЙ СТАНОК"',
      short: 'ООО "СТАРЫЙ СТАНОК"',
      postalCode: '400066',
      address: 'г Волгоград, ул Мира, д 5',
      status: 'LIQUIDATED',
      // 15 March 2021, noon in Moscow.
      liquidationDate: Date.UTC(2021, 2, 15, 9),
    }),
  ],
};

export type RecordedRequest = { method: string; path: string; authorization: string | null; contentType: string | null; body: unknown };

export type DadataStandIn = {
  /** What DADATA_API_URL is set to (the stand-in serves the API at its root). */
  apiUrl: string;
  apiKey: string;
  requests: RecordedRequest[];
  /** Makes the next API calls fail with this HTTP status (0: close the connection), `times` times. */
  failNext: (status: number, times?: number) => void;
  stop: () => Promise<void>;
};

const REASONS: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 405: 'Method Not Allowed', 429: 'Too Many Requests', 500: 'Internal Server Error' };
const problem = (status: number, message: string) => ({ family: status >= 500 ? 'SERVER_ERROR' : 'CLIENT_ERROR', reason: REASONS[status] ?? 'Error', message });

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startDadata(options: { port?: number; apiKey?: string } = {}): Promise<DadataStandIn> {
  const apiKey = options.apiKey ?? STAND_IN_DADATA_KEY;
  const requests: RecordedRequest[] = [];
  let failures = { status: 0, times: 0 };

  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (path === '/__test/requests' && method === 'GET') return send(200, requests);

    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    requests.push({ method, path, authorization: req.headers.authorization ?? null, contentType: req.headers['content-type'] ?? null, body });
    if (failures.times > 0) {
      failures.times -= 1;
      if (failures.status === 0) return req.socket.destroy();
      return send(failures.status, problem(failures.status, 'Failure asked for by the test'));
    }
    if (path !== '/findById/party') return send(404, problem(404, `No ${path}`));
    if (method !== 'POST') return send(405, problem(405, 'POST only'));
    const authorization = req.headers.authorization;
    if (!authorization) return send(401, problem(401, 'API key is missing'));
    if (authorization !== `Token ${apiKey}`) return send(403, problem(403, 'Unknown API key'));
    const query = body && typeof body === 'object' ? (body as { query?: unknown; branch_type?: unknown; count?: unknown }) : null;
    if (!query || typeof query.query !== 'string' || !query.query.trim()) return send(400, problem(400, 'query is required'));
    let found = STAND_IN_PARTIES[query.query.trim()] ?? Object.values(STAND_IN_PARTIES).find((list) => list[0]!.data.ogrn === query.query) ?? [];
    if (query.branch_type === 'MAIN' || query.branch_type === 'BRANCH') found = found.filter((p) => p.data.branch_type === query.branch_type);
    const count = typeof query.count === 'number' ? Math.min(Math.max(query.count, 1), 300) : 10;
    return send(200, { suggestions: found.slice(0, count) });
  });

  const { base, stop } = await listenLocally(server, options.port);
  return {
    apiUrl: base,
    apiKey,
    requests,
    failNext: (status, times = 1) => {
      failures = { status, times };
    },
    stop,
  };
}

await startFromCommandLine(import.meta.url, ({ port, arg }) => startDadata({ port, apiKey: arg('key') }), (standIn) => `DaData stand-in: ${standIn.apiUrl}`);
