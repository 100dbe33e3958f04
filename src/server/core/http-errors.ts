/** An error with an HTTP status and a Russian message meant for the customer. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors?: Record<string, string[]>;
  /** Extra response headers (Retry-After of a 429). */
  readonly headers?: Record<string, string>;
  constructor(statusCode: number, message: string, errors?: Record<string, string[]>, headers?: Record<string, string>) {
    super(message);
    this.statusCode = statusCode;
    this.errors = errors;
    this.headers = headers;
  }
}

export const badRequest = (message: string, errors?: Record<string, string[]>) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Требуется вход в систему') => new HttpError(401, message);
export const forbidden = (message = 'Доступ запрещён') => new HttpError(403, message);
export const notFound = (message = 'Не найдено') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message = 'Слишком много попыток. Попробуйте позже.', retryAfterSeconds?: number) =>
  new HttpError(429, message, undefined, retryAfterSeconds ? { 'retry-after': String(retryAfterSeconds) } : undefined);
