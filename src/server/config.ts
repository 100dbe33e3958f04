import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { passwordProblem } from './core/password-policy.ts';
import type { FetchAllowance } from './core/safe-fetch.ts';

/** Why background work apart needs PostgreSQL: said by the serving process and by `npm run worker` alike. */
const PGLITE_ONE_PROCESS = 'встроенная база PGlite принадлежит одному процессу';

const EnvSchema = z.object({
  // Fail closed: development behaviour (Vite, the reset token in answers) must be asked for.
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DIST_DIR: z.string().default('dist'),
  DATABASE_URL: z.url().optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Интернет-магазин инструмента <shop@localhost>'),
  // No longer than the login form accepts.
  ADMIN_USERNAME: z.string().min(3).max(50).optional(),
  ADMIN_PASSWORD: z.string().max(200).optional(),
  ADMIN_EMAIL: z.email().optional(),
  TRUST_PROXY: z.string().default('false'),
  RATE_LIMIT_FACTOR: z.coerce.number().positive().max(1000).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_TOKEN: z.string().trim().min(16, 'не короче 16 символов').optional(),
  BACKGROUND_WORK: z.enum(['here', 'worker'], { error: 'here (в этом процессе) или worker (в npm run worker)' }).default('here'),
  FETCH_ALLOW: z.string().default(''),
  YOOKASSA_SHOP_ID: z.string().trim().optional(),
  YOOKASSA_SECRET_KEY: z.string().trim().optional(),
  YOOKASSA_API_URL: z.url().default('https://api.yookassa.ru/v3'),
  DADATA_API_KEY: z.string().trim().optional(),
  DADATA_API_URL: z.url().default('https://suggestions.dadata.ru/suggestions/api/4_1/rs'),
  CDEK_CLIENT_ID: z.string().trim().optional(),
  CDEK_CLIENT_SECRET: z.string().trim().optional(),
  CDEK_API_URL: z.url().default('https://api.cdek.ru/v2'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().trim().optional(),
  S3_BUCKET: z.string().trim().optional(),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  S3_PUBLIC_URL: z.url().optional(),
  S3_PRIVATE_BUCKET: z.string().trim().optional(),
}).superRefine((env, ctx) => {
  // The administrator's password obeys the policy of every other password (ASVS level 2).
  const problem = env.ADMIN_PASSWORD && passwordProblem(env.ADMIN_PASSWORD, { username: env.ADMIN_USERNAME ?? 'admin', email: env.ADMIN_EMAIL });
  if (problem) ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: `${problem} (правила паролей: README, «Пароли и сеансы»)` });
  // Without a worker able to open the same database the jobs would wait forever.
  if (env.BACKGROUND_WORK === 'worker' && !env.DATABASE_URL) {
    ctx.addIssue({ code: 'custom', path: ['BACKGROUND_WORK'], message: `фоновая работа в отдельном процессе (npm run worker) требует PostgreSQL: задайте DATABASE_URL (${PGLITE_ONE_PROCESS}) или BACKGROUND_WORK=here` });
  }
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** Where `npm run build` put the client and SSR bundles. */
  distDir: string;
  databaseUrl?: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  admin: { username?: string; password?: string; email?: string };
  /**
   * Fastify's trustProxy: false (the client address is the socket's), or the proxies to believe
   * (addresses, CIDRs). `TRUST_PROXY=true` trusts proxies on loopback and private networks
   * (nginx in front): the client address is the last one such a proxy appended, so entries a
   * client forges at the start of X-Forwarded-For change nothing.
   */
  trustProxy: false | string;
  /** Multiplies every rate limit (1 in production; the end-to-end server, whose tests all come from one address, raises it). */
  rateLimitFactor: number;
  logLevel: string;
  /** Bearer token that opens /metrics from any address; without it only private addresses see it. */
  metricsToken?: string;
  /**
   * Where background work runs (jobs: imports, exchanges, scrapes, mail; clock work: backups,
   * scheduled imports, purges): 'here' in the serving process, or 'worker' in `npm run worker`
   * only, so it never stalls the pages.
   */
  backgroundWork: 'here' | 'worker';
  /** Internal `host:port` pairs the safe fetcher may reach anyway: the tests' local sites only; empty otherwise. */
  fetchAllow: FetchAllowance;
  /**
   * The YooKassa shop (docs/decisions/022): null without both credentials, and then online
   * payment is taken as before (a manager sends a payment link). The secret key is never shown
   * or logged.
   */
  yookassa: { shopId: string; secretKey: string; apiUrl: string } | null;
  /**
   * DaData's «Подсказки» API, for filling an organisation's requisites by its ИНН: null without a
   * key, and then the forms offer no look-up. The key is never shown or logged.
   */
  dadata: { apiKey: string; apiUrl: string } | null;
  /**
   * СДЭК's API v2 (issue 28): null without both credentials, and then delivery is the shop's own
   * only. `apiUrl` ends with /v2 (production by default; СДЭК's test API is https://api.edu.cdek.ru/v2).
   */
  cdek: { clientId: string; clientSecret: string; apiUrl: string } | null;
  /**
   * Pictures in S3-compatible object storage (issue 29, docs/decisions/039): null without the
   * S3_* settings, and then pictures stay in `DATA_DIR/uploads`. `publicUrl` (no trailing slash)
   * is where visitors' browsers read the bucket's objects. The secret key is never shown or logged.
   */
  s3: S3Config | null;
};

export type S3Config = {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl: string;
  /**
   * The closed bucket (same endpoint and key) for the files jobs read and nobody may download:
   * uploaded price lists and 1C's exchange files (docs/decisions/039). Null: they stay in DATA_DIR.
   */
  privateBucket: string | null;
};

const S3_SETTINGS = ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const;

/** All six S3_* settings or none: half a set would silently keep pictures on one machine's disk. */
function parseS3(e: Partial<Record<(typeof S3_SETTINGS)[number] | 'S3_PRIVATE_BUCKET', string>>): S3Config | null {
  const missing = S3_SETTINGS.filter((name) => !e[name]);
  if (missing.length === S3_SETTINGS.length) {
    if (e.S3_PRIVATE_BUCKET) throw new Error(`Invalid configuration:\n  S3_PRIVATE_BUCKET: needs the other S3 settings too (${S3_SETTINGS.join(', ')})`);
    return null;
  }
  if (missing.length > 0) {
    throw new Error(`Invalid configuration:\n  S3: set all of ${S3_SETTINGS.join(', ')} or none (pictures then stay on the local disk); missing: ${missing.join(', ')}`);
  }
  return {
    endpoint: e.S3_ENDPOINT!.replace(/\/$/, ''),
    region: e.S3_REGION!,
    bucket: e.S3_BUCKET!,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    publicUrl: e.S3_PUBLIC_URL!.replace(/\/+$/, ''),
    privateBucket: e.S3_PRIVATE_BUCKET ?? null,
  };
}

/**
 * Whether an interface to listen on is reachable from this machine only: `localhost`, 127.0.0.0/8
 * or ::1. Anything else (0.0.0.0, ::, a network address) may be reached by others.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (bare.toLowerCase() === 'localhost') return true;
  return ipaddr.isValid(bare) && ipaddr.process(bare).range() === 'loopback';
}

/** Proxies on this machine or the private network: nginx or a load balancer in front of the shop. */
const PRIVATE_PROXIES = 'loopback, linklocal, uniquelocal';

function parseTrustProxy(value: string): false | string {
  const v = value.trim().toLowerCase();
  if (['false', '0', 'no', 'off', ''].includes(v)) return false;
  if (['true', '1', 'yes', 'on'].includes(v)) return PRIVATE_PROXIES;
  if (/^[\da-f.:/,\s]+$/i.test(v) || /^((loopback|linklocal|uniquelocal)\s*(,\s*|$))+$/.test(v)) return value.trim();
  throw new Error(`Invalid configuration:\n  TRUST_PROXY: expected true, false or the proxies' addresses, got "${value}"`);
}

/** `127.0.0.1:3999,localhost:3999,[::1]:3999` → the set of `host:port` pairs, as the URL spells them. */
function parseFetchAllow(value: string): FetchAllowance {
  const entries = value.split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean);
  const bad = entries.find((entry) => !/^(\[[\da-f:.]+\]|[a-z\d.-]+):\d{1,5}$/.test(entry));
  if (bad) throw new Error(`Invalid configuration:\n  FETCH_ALLOW: expected host:port pairs separated by commas, got "${bad}"`);
  return new Set(entries);
}

/** Parse the environment once; a bad value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    // A development server is for the developer's own machine unless HOST says otherwise.
    host: e.HOST ?? (e.NODE_ENV === 'development' ? '127.0.0.1' : '0.0.0.0'),
    dataDir: path.resolve(e.DATA_DIR),
    distDir: e.DIST_DIR,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD, email: e.ADMIN_EMAIL },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    backgroundWork: e.BACKGROUND_WORK,
    fetchAllow: parseFetchAllow(e.FETCH_ALLOW),
    yookassa:
      e.YOOKASSA_SHOP_ID && e.YOOKASSA_SECRET_KEY
        ? { shopId: e.YOOKASSA_SHOP_ID, secretKey: e.YOOKASSA_SECRET_KEY, apiUrl: e.YOOKASSA_API_URL.replace(/\/$/, '') }
        : null,
    dadata: e.DADATA_API_KEY ? { apiKey: e.DADATA_API_KEY, apiUrl: e.DADATA_API_URL.replace(/\/$/, '') } : null,
    cdek:
      e.CDEK_CLIENT_ID && e.CDEK_CLIENT_SECRET
        ? { clientId: e.CDEK_CLIENT_ID, clientSecret: e.CDEK_CLIENT_SECRET, apiUrl: e.CDEK_API_URL.replace(/\/$/, '') }
        : null,
    s3: parseS3(e),
  };
}

/** `npm run worker`'s configuration: the background work is its own, and only PostgreSQL can be shared with serving processes. */
export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const config = { ...loadConfig(env), backgroundWork: 'here' as const };
  if (!config.databaseUrl) throw new Error(`npm run worker работает только с PostgreSQL: задайте DATABASE_URL (${PGLITE_ONE_PROCESS})`);
  return config;
}
