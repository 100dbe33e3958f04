import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { z } from '#shared/schemas/z.ts';
import type { StaffActionKind } from '#shared/staff-actions.ts';
import type { Access, App } from './app-types.ts';

/** The objects the staff action log knows by a verb: `branch` of `branch.create`, `adapter.rule` of `adapter.rule.create`. */
type LoggedWith<Verb extends string> = { [K in StaffActionKind]: K extends `${infer Object}.${Verb}` ? Object : never }[StaffActionKind];

/** An object whose creating, changing and deleting each have their kind in the staff action log. */
export type LoggedObject = LoggedWith<'create'> & LoggedWith<'update'> & LoggedWith<'delete'>;

/** A route's parameters: one key, the object's (`id`, `alias`). */
type Params = z.ZodObject<Record<string, z.ZodType>>;

export type ObjectRoutes<P extends Params, C extends z.ZodType, U extends z.ZodType> = {
  /** The objects' path; one object's is this path with the parameter's key (`/admin/branches/:id`). */
  path: string;
  params: P;
  access: Access;
  tags: string[];
  /** Writes are logged as `<log>.create`, `.update` and `.delete`; none for a customer's own objects. */
  log?: LoggedObject;
  list?: { summary: string; querystring?: z.ZodType; run: (request: FastifyRequest) => Promise<unknown> };
  create?: { summary: string; body: C; run: (body: z.output<C>, request: FastifyRequest) => Promise<unknown> };
  update?: { method?: 'patch' | 'put'; summary: string; body: U; run: (params: z.output<P>, body: z.output<U>, request: FastifyRequest) => Promise<unknown> };
  remove?: { summary: string; run: (params: z.output<P>, request: FastifyRequest) => Promise<unknown> };
};

/**
 * One kind of object's list and writes, declared once: creating answers 201 with the new object,
 * changing answers the object, deleting answers the service's message, or 204 when it has none.
 * Each route keeps its own summary and schemas in the OpenAPI document.
 */
export function objectRoutes<P extends Params, C extends z.ZodType, U extends z.ZodType>(app: App, spec: ObjectRoutes<P, C, U>) {
  const { path, params, access, tags, log, list, create, update, remove } = spec;
  const item = `${path}/:${Object.keys(params.shape)[0]}`;
  const config = (verb: 'create' | 'update' | 'delete'): FastifyContextConfig => (log ? { access, staffLog: `${log}.${verb}` as StaffActionKind } : { access });
  if (list) {
    const { summary, querystring, run } = list;
    app.get(path, { config: { access }, schema: { tags, summary, ...(querystring && { querystring }) } }, async (request) => run(request));
  }
  if (create) {
    app.post(path, { config: config('create'), schema: { tags, summary: create.summary, body: create.body } }, async (request, reply) =>
      reply.status(201).send(await create.run(request.body as z.output<C>, request)),
    );
  }
  if (update) {
    app.route({
      method: update.method === 'put' ? 'PUT' : 'PATCH',
      url: item,
      config: config('update'),
      schema: { tags, summary: update.summary, params, body: update.body },
      handler: async (request) => update.run(request.params as z.output<P>, request.body as z.output<U>, request),
    });
  }
  if (remove) {
    app.delete(item, { config: config('delete'), schema: { tags, summary: remove.summary, params } }, async (request, reply) => {
      const answer = await remove.run(request.params as z.output<P>, request);
      return answer === undefined ? reply.status(204).send() : answer;
    });
  }
}
