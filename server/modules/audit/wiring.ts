import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { redact } from '../../../shared/audit/api';
import type { AppContext } from '../../platform/context';
import { withBeforeCommit, writesOutsideReported } from '../../platform/db/beforeCommit';
import type { Tx } from '../../platform/db/client';
import { type AuditNotes, type AuditRecord, auditNotes, insertAfter, insertEntries } from './service';
import type { AuditChanges } from './tables';

/**
 * The audit trail's hook on every writing route (registerAuditTrail, called once where the app is
 * built): what each route is recorded as, and its entry written inside the request's transaction
 * just before it commits (decision 0040), or after the answer for a request that wrote without one.
 * The entries themselves and what services note are in service.ts.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How the audit trail names what this writing route changes. Left out, it is read from the
     * URL (the segment before the last id). `false` exempts a route that stores nothing anyone
     * edits; every exemption says why where it is set (see AUDIT_EXEMPT below).
     */
    audit?: { entity: string } | false;
  }
  interface FastifyRequest {
    auditNotes?: AuditNotes;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Writing routes that leave no entry, each with its reason. Only routes whose writes are the
 * caller's own session bookkeeping, not a record of the event anyone could ask "who changed it".
 */
export const AUDIT_EXEMPT: Record<string, string> = {
  'POST /api/auth/login': 'creates the caller a session; failed sign-ins are rate-limited, not edits',
  'POST /api/auth/logout': 'ends the caller’s own session',
  'PUT /api/me/current-event': 'switches which event the caller’s session shows (a session column)',
  'POST /api/events/:eventId/my-notifications/read': 'marks notifications read for the caller only',
  'POST /api/events/:eventId/my-notifications/:notificationId/read':
    'marks one notification read for the caller only',
  'POST /api/events/:eventId/email-templates/:kind/preview': 'renders an unsaved draft; stores nothing',
  'POST /api/events/:eventId/time-table/import/preview':
    'reads the file and answers what an import would do; stores nothing',
};

type Describe = { entityType: string; idParam: string | null; action: string };

/**
 * `/api/events/:eventId/forms/:formId/webhooks/:webhookId/test` -> entity 'webhooks', its id from
 * `webhookId`, action 'test'. Without an id in the path the last word names the collection.
 */
export function describeRoute(method: string, url: string): Describe {
  const parts = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean);
  let last = -1;
  for (let i = parts.length - 1; i >= 0; i--) {
    if (parts[i].startsWith(':') && parts[i] !== ':eventId') {
      last = i;
      break;
    }
  }
  const statics = (list: string[]) => list.filter((p) => !p.startsWith(':'));
  if (last > 0) {
    const entityType = statics(parts.slice(0, last)).pop() ?? 'record';
    const rest = statics(parts.slice(last + 1));
    const action = rest.length ? rest.join(' ') : method === 'DELETE' ? 'delete' : 'update';
    return { entityType, idParam: parts[last].slice(1), action };
  }
  const words = statics(parts);
  const entityType = words.pop() ?? 'record';
  const action = method === 'POST' ? 'create' : method === 'DELETE' ? 'delete' : 'update';
  return { entityType, idParam: null, action };
}

function actorOfRequest(
  request: FastifyRequest,
): Pick<AuditRecord, 'actorKind' | 'accountId' | 'actorName' | 'tokenId'> {
  const auth = request.auth;
  if (!auth) return { actorKind: 'system', accountId: null, actorName: 'Anonymous', tokenId: null };
  const actorName = `${auth.firstName} ${auth.surname}`.trim();
  if (request.apiToken)
    return { actorKind: 'token', accountId: auth.accountId, actorName, tokenId: request.apiToken.tokenId };
  return { actorKind: 'account', accountId: auth.accountId, actorName, tokenId: null };
}

/** The id of what a write made: a service's result, or the answer's JSON (`{ id }`, `{ item }`, `{ token }`). */
function idOf(value: unknown): string | null {
  let body = value;
  if (typeof value === 'string') {
    if (!value.startsWith('{')) return null;
    try {
      body = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!body || typeof body !== 'object') return null;
  const outer = body as Record<string, unknown>;
  const inner = (outer.token ?? outer.item ?? outer) as Record<string, unknown> | null;
  return inner && typeof inner.id === 'string' ? inner.id : null;
}

function bodyAsChanges(body: unknown): AuditChanges {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return body === undefined ? {} : { body: { after: redact(body) } };
  const changes: AuditChanges = {};
  for (const [key, value] of Object.entries(redact(body) as Record<string, unknown>))
    changes[key] = { after: value };
  return changes;
}

/**
 * The one mechanism (decision 0030): every writing /api route is wrapped, at registration, so a
 * successful answer (2xx) leaves an entry of who, from where, which record and what changed. A
 * new route gets it without asking; only AUDIT_EXEMPT (reasons given) or `config.audit = false`
 * opts out, and `server/modules/audit/routeList.test.ts` fails a writing route that leaves none.
 */
const auditedByApp = new WeakMap<FastifyInstance, Map<string, Describe>>();

/**
 * Routes whose entry had to be written after the answer, per app: their writes opened no
 * transaction to carry it (decision 0040). The route-list test prints them, the list to shrink.
 */
const writtenAfterByApp = new WeakMap<FastifyInstance, Set<string>>();

export function routesWrittenAfterAnswer(app: FastifyInstance): ReadonlySet<string> {
  return writtenAfterByApp.get(app) ?? new Set();
}

/**
 * Routes that wrote on the database outside any transaction while answering, per app, with what
 * they wrote (decision 0045): such a write commits without its audit entry. Tests read this (the
 * test harness fails a test file that leaves any), so the rule is held by a tool, not a habit.
 */
const writtenOutsideByApp = new WeakMap<FastifyInstance, Map<string, Set<string>>>();

export function routesWritingOutsideTransaction(
  app: FastifyInstance,
): ReadonlyMap<string, ReadonlySet<string>> {
  return writtenOutsideByApp.get(app) ?? new Map();
}

/** `METHOD /api/pattern` of every route the trail records, per app (the route-list test reads it). */
export function auditedRoutes(app: FastifyInstance): ReadonlyMap<string, Describe> {
  return auditedByApp.get(app) ?? new Map();
}

/**
 * The entries a request has not written yet: its new notes, or (the first time, when no service
 * noted anything) one entry of the route with the request body as `after`. `madeId` finds the id of
 * what the write made, for a create whose URL names no id: the answer is parsed only then.
 */
function pendingEntries(
  request: FastifyRequest,
  description: Describe,
  store: AuditNotes,
  madeId: () => string | null,
): AuditRecord[] {
  const params = (request.params ?? {}) as Record<string, string>;
  const base = {
    eventId: request.actor?.eventId ?? params.eventId ?? null,
    ...actorOfRequest(request),
    address: request.ip,
    action: description.action,
    route: `${request.method} ${request.routeOptions.url}`,
  };
  const fresh = store.changes.slice(store.written);
  store.written = store.changes.length;
  if (fresh.length) {
    store.recorded = true;
    return fresh.map((c) => ({
      ...base,
      entityType: c.entityType,
      entityId: c.entityId,
      changes: c.changes,
    }));
  }
  if (store.recorded) return [];
  store.recorded = true;
  return [
    {
      ...base,
      entityType: description.entityType,
      entityId: (description.idParam && params[description.idParam]) || madeId(),
      changes: request.method === 'DELETE' ? {} : bodyAsChanges(request.body),
    },
  ];
}

export function registerAuditTrail(app: FastifyInstance, ctx: AppContext): void {
  const described = new Map<string, Describe>();
  auditedByApp.set(app, described);
  const writtenAfter = new Set<string>();
  writtenAfterByApp.set(app, writtenAfter);
  const writtenOutside = new Map<string, Set<string>>();
  writtenOutsideByApp.set(app, writtenOutside);
  // Only the test harness watches for writes outside a transaction (decision 0048): production
  // requests make no listener for it.
  const watchingOutside = writesOutsideReported(ctx.db);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!route.url.startsWith('/api/') || !methods.some((m) => WRITES.has(m))) return;
    const key = `${methods[0]} ${route.url}`;
    if (route.config?.audit === false || AUDIT_EXEMPT[key]) return;
    const description = describeRoute(methods[0], route.url);
    if (route.config?.audit) description.entityType = route.config.audit.entity;
    described.set(key, description);
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function audited(request, reply) {
      const store: AuditNotes = { changes: [], written: 0, recorded: false, closed: false };
      request.auditNotes = store;
      // Each transaction the request opens carries its entry, one insert before the commit: the
      // write and its entry commit together, or neither does (decision 0040).
      const writeEntriesBeforeCommit = async (tx: Tx, result: unknown) => {
        if (store.closed) return undefined;
        const { written, recorded } = store;
        const entries = pendingEntries(request, description, store, () => idOf(result));
        if (entries.length) await insertEntries(tx, entries);
        // Rolled back after all (the commit failed): the entries are gone, so they are still owed.
        return () => Object.assign(store, { written, recorded });
      };
      const outside = watchingOutside
        ? (statement: string) => {
            if (store.closed) return;
            const route = `${request.method} ${request.routeOptions.url}`;
            const seen = writtenOutside.get(route) ?? new Set<string>();
            writtenOutside.set(route, seen.add(statement));
          }
        : undefined;
      return auditNotes.run(store, () =>
        withBeforeCommit(writeEntriesBeforeCommit, () => handler.call(this, request, reply), outside),
      );
    } as RouteHandlerMethod;
  });

  // A callback hook: a request with no notes (every read) goes on at once, no promise (decision 0061).
  app.addHook('onSend', (request, reply, payload, done) => {
    const store = request.auditNotes;
    if (!store || store.closed) return done(null, payload);
    store.closed = true;
    if (reply.statusCode >= 300) return done(null, payload);
    const description = described.get(`${request.method} ${request.routeOptions.url}`);
    if (!description) return done(null, payload);
    const entries = pendingEntries(request, description, store, () => idOf(payload));
    if (entries.length === 0) return done(null, payload);
    writtenAfter.add(entries[0].route ?? '');
    insertAfter(ctx, entries).then(
      () => done(null, payload),
      (err: unknown) => {
        // The write has committed and its caller must hear so; a lost entry is logged loudly.
        request.log.error({ err, route: entries[0].route }, 'audit entry not recorded');
        done(null, payload);
      },
    );
  });
}
