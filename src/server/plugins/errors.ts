import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { App } from '../core/app-types.ts';
import { HttpError } from '../core/http-errors.ts';
import { pgError } from '../db/unique-slug.ts';

type FieldErrors = Record<string, string[]>;

const INVALID_VALUE = 'Некорректное значение';

/** Keyed by the request's own field names: no prototype, so `constructor` or `__proto__` is a field like any other. */
const fieldErrors = (): FieldErrors => Object.create(null) as FieldErrors;

const addError = (errors: FieldErrors, path: string, message: string) => {
  (errors[path || '_'] ??= []).push(message);
};

/** One error format for the whole API: `{ message, errors? }`, never a stack trace. */
export function registerErrorHandler(app: App) {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({ message: error.message, errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors();
      for (const issue of error.validation) {
        addError(errors, issue.instancePath.replace(/^\//, '').replaceAll('/', '.'), issue.message ?? INVALID_VALUE);
      }
      const first = error.validation[0]?.message ?? INVALID_VALUE;
      return reply.status(400).send({ message: first, errors });
    }
    if (error instanceof ZodError) {
      const errors = fieldErrors();
      for (const issue of error.issues) addError(errors, issue.path.join('.'), issue.message);
      return reply.status(400).send({ message: error.issues[0]?.message ?? INVALID_VALUE, errors });
    }
    // PostgreSQL's class 22, 'data exception': a value its column cannot hold (an id beyond
    // int4, a number out of range). The request's fault, whatever route it came by.
    if (pgError(error).code?.startsWith('22')) return reply.status(400).send({ message: INVALID_VALUE });
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ message: 'Внутренняя ошибка сервера. Попробуйте позже.' });
    }
    if (status === 413) return reply.status(413).send({ message: 'Слишком большой запрос' });
    if (status === 415) return reply.status(415).send({ message: 'Неподдерживаемый формат запроса' });
    if (status === 400 && (error as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.status(400).send({ message: 'Некорректный JSON в теле запроса' });
    }
    return reply.status(status).send({ message: status === 404 ? 'Не найдено' : 'Некорректный запрос' });
  });
}
