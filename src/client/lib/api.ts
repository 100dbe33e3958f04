import type { QueryClient } from '@tanstack/react-query';

/** Error of a failed API reply: the body's message, else its text, else the status text (spec 8). */
export class ApiError extends Error {
  readonly status: number;
  readonly errors?: Record<string, string[]>;
  constructor(message: string, status: number, errors?: Record<string, string[]>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

type FetchFn = typeof fetch;

/** The server renders pages by calling its own API in-process; each request's client gets that fetch. */
const boundFetch = new WeakMap<QueryClient, FetchFn>();
export const bindFetch = (client: QueryClient, fn: FetchFn) => boundFetch.set(client, fn);
const fetchFor = (client?: QueryClient): FetchFn => (client && boundFetch.get(client)) || globalThis.fetch;

export async function parseBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  if ((res.headers.get('content-type') ?? '').includes('application/json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialisable data, or FormData for a file upload. */
  body?: unknown;
  signal?: AbortSignal;
  client?: QueryClient;
};

const isFormData = (body: unknown): body is FormData => typeof FormData !== 'undefined' && body instanceof FormData;

/** The one way the client talks to the API: credentials included, JSON bodies, no caching. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, client } = options;
  const res = await fetchFor(client)(path, {
    method,
    signal,
    credentials: 'same-origin',
    cache: 'no-store',
    // A FormData body (file upload) goes as multipart: the browser sets its content type and boundary.
    headers:
      body === undefined || isFormData(body) ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : isFormData(body) ? body : JSON.stringify(body),
  });
  const data = await parseBody(res);
  if (!res.ok) {
    // A DELETE of something already gone is success (spec 7).
    if (method === 'DELETE' && res.status === 404) return { alreadyDeleted: true } as T;
    throw failure(res, data, method, path);
  }
  return data as T;
}

/**
 * The error of a refused reply: its message and field errors. Logged in the browser's console
 * (spec 7): a 4xx is the shop answering on purpose (a wrong password, a form to correct, a
 * conflict), so it is information; only a failure of the server is an error.
 */
export function failure(res: Response, data: unknown, method: string, path: string): ApiError {
  const obj = data && typeof data === 'object' ? (data as { message?: unknown; errors?: Record<string, string[]> }) : undefined;
  const message =
    typeof obj?.message === 'string' ? obj.message : typeof data === 'string' && data ? data : res.statusText || `Ошибка HTTP: ${res.status}`;
  if (typeof console !== 'undefined' && typeof window !== 'undefined') {
    (res.status >= 500 ? console.error : console.info)(`${method} ${path}: ${res.status} ${message}`);
  }
  return new ApiError(message, res.status, obj?.errors);
}

/** Query string from defined, non-empty values. */
export function toQueryString(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}
