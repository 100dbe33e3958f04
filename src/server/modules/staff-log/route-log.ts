/**
 * One hook writes the staff action log for every back-office route (docs/decisions/017). A staff
 * or admin route names its kind in `config.staffLog`; a route that only reads (or previews) says
 * `staffLog: false`. The app refuses to start when a staff route that is not a GET declares
 * neither, so a new route cannot be forgotten.
 *
 * Before the handler the object is read (its snapshot, when the kind has one); after a
 * successful answer, before it is sent, it is read again and the entry written, so a client
 * that sees the answer finds the entry.
 */
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Access, App } from '../../core/app-types.ts';
import type { StaffActionKind } from '#shared/staff-actions.ts';
import { KIND_SPECS, answerIdOf, routeIdOf, type KindSpec } from './kinds.ts';
import { recordStaffAction } from './service.ts';
import { SNAPSHOTS, nameInSnapshot, type Snapshot } from './snapshots.ts';

type Pending = { idBefore: string | null; before: Snapshot | null; answer?: Record<string, unknown> };
const pending = new WeakMap<FastifyRequest, Pending>();

const asList = <T>(hook: T | T[] | undefined): T[] => (hook ? (Array.isArray(hook) ? hook : [hook]) : []);
const isStaffRoute = (access: Access | undefined) => access === 'staff' || access === 'admin';

/** The route's declared kind; throws for a staff route that changes something and declares none. */
function declaredKind(route: RouteOptions): StaffActionKind | null {
  const config = route.config as { access?: Access; staffLog?: StaffActionKind | false } | undefined;
  const methods = asList(route.method);
  if (config?.staffLog === undefined) {
    if (isStaffRoute(config?.access) && methods.some((m) => m !== 'GET' && m !== 'HEAD')) {
      throw new Error(`Route ${methods.join(',')} ${route.url} has no config.staffLog`);
    }
    return null;
  }
  if (config.staffLog === false) return null;
  if (!KIND_SPECS[config.staffLog]) throw new Error(`Route ${route.url}: unknown staffLog kind ${config.staffLog}`);
  return config.staffLog;
}

function entryHooks(app: App, kind: StaffActionKind, spec: KindSpec) {
  const { db } = app.deps;
  const snapshotOf = spec.snapshot ? SNAPSHOTS[spec.snapshot] : null;

  const capture = async (request: FastifyRequest) => {
    const idBefore = spec.idBefore ? await spec.idBefore(request, db) : routeIdOf(request);
    const before = snapshotOf && idBefore ? await snapshotOf(db, idBefore) : null;
    pending.set(request, { idBefore, before });
  };

  const keepAnswer = async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    const state = pending.get(request);
    if (state && payload && typeof payload === 'object') state.answer = payload as Record<string, unknown>;
    return payload;
  };

  const write = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const state = pending.get(request);
    pending.delete(request);
    if (!state || !request.user || reply.statusCode >= 400) return payload;
    const { answer } = state;
    const objectId = (spec.idAfter ? spec.idAfter(answer) : answerIdOf(answer)) ?? state.idBefore;
    const after = snapshotOf && objectId ? await snapshotOf(db, objectId) : null;
    const details = snapshotOf ? null : spec.details === 'answer' ? answer : spec.details === 'none' ? null : request.body;
    const objectName = nameInSnapshot(after) ?? nameInSnapshot(state.before) ?? (spec.nameOf && objectId ? await spec.nameOf(db, objectId) : null);
    await recordStaffAction(
      db,
      { userId: request.user.id, username: request.user.username, ip: request.ip },
      { kind, objectId, objectName, before: state.before, after, details },
      app.deps.clock(),
    );
    return payload;
  };

  return { capture, keepAnswer, write };
}

/** Adds the log's hooks to every route that declares a kind. Registered after the access plugin. */
export function registerStaffLog(app: App) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const kind = declaredKind(route);
    if (!kind) return;
    const { capture, keepAnswer, write } = entryHooks(app, kind, KIND_SPECS[kind]);
    // preHandler runs after the access guard and validation: only allowed, valid requests are read.
    route.preHandler = [capture, ...asList(route.preHandler)];
    route.preSerialization = [...asList(route.preSerialization), keepAnswer];
    route.onSend = [...asList(route.onSend), write];
  });
}
