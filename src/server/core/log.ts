import pino, { type DestinationStream, type Logger } from 'pino';
import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are secrets: the password-reset link's token, and anything named
 * like a password, token or secret (a form sent before its script loaded, a mistyped link).
 */
const SECRET_PARAM = /([?&][^=&#]*(?:pass|pwd|token|secret)[^=&#]*=)[^&#]*/gi;

/** A URL as it may be written to a log: secret parameters keep their name, not their value. */
export const redactUrl = (url: string) => url.replace(SECRET_PARAM, (_match, name: string) => `${name}[redacted]`);

/** `iv***@example.ru`: enough to tell letters apart in a log, not enough to know whose they were. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, Math.min(2, at - 1))}***${email.slice(at)}`;
}

/**
 * Fastify's request serializer with the URL redacted: every request line ("incoming request",
 * errors) goes through it, including the API calls pages make while rendering on the server.
 */
const serializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/** The process's logger: JSON lines (or pino-pretty for a developer), with the shop's serializers. */
export function createLogger(options: { level: string; pretty?: boolean }, stream?: DestinationStream): Logger {
  const transport = options.pretty ? { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } : undefined;
  return pino({ level: options.level, serializers, transport }, stream);
}
