import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { type AuditActorKind, diffFields, redact } from '../../../shared/audit/api';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { type AuditChanges, auditEntries } from './tables';

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

/** One entry as the trail keeps it, before the database fills id and time. */
export type AuditRecord = {
  eventId: string | null;
  actorKind: AuditActorKind;
  accountId?: string | null;
  actorName?: string;
  tokenId?: string | null;
  address?: string | null;
  entityType: string;
  entityId?: string | null;
  action: string;
  route?: string | null;
  changes?: AuditChanges;
};

/** What a service tells the trail about the record it changed: its fields before and after. */
export type AuditNotes = { changes: { entityType: string; entityId: string; changes: AuditChanges }[] };

const notes = new AsyncLocalStorage<AuditNotes>();

/**
 * A service that knows a record's fields before and after its change says so here; the entry of
 * the request then holds the field-level difference instead of the request body. Outside a
 * request (CLI, jobs) it does nothing: those record their own entries with recordAudit.
 */
export function noteChange(
  entityType: string,
  entityId: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): void {
  notes.getStore()?.changes.push({ entityType, entityId, changes: diffFields(before, after) });
}

/** Writes one entry; the CLI and jobs call it directly, requests through the hook below. */
export async function recordAudit(db: DbOrTx, entry: AuditRecord): Promise<void> {
  await db
    .insert(auditEntries)
    .values({ ...entry, changes: entry.changes ?? {}, actorName: entry.actorName ?? '' });
}

/** A change the platform made by itself (a job, the retention sweep): shown as System Update. */
export function systemEntry(entry: Omit<AuditRecord, 'actorKind'>): AuditRecord {
  return { ...entry, actorKind: 'system', actorName: 'System Update' };
}

/**
 * On PostgreSQL the entry's commit does not wait for its WAL flush (synchronous_commit off, for
 * this transaction only): the write it follows has already been flushed, and a database crash in
 * the next few hundred milliseconds is the only way to lose an entry. PGlite has no flush to skip.
 */
async function insertEntries(ctx: AppContext, entries: AuditRecord[]): Promise<void> {
  const rows = entries.map((e) => ({ ...e, changes: e.changes ?? {}, actorName: e.actorName ?? '' }));
  if (ctx.database.kind !== 'postgres') {
    await ctx.db.insert(auditEntries).values(rows);
    return;
  }
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx.insert(auditEntries).values(rows);
  });
}

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

function idFromAnswer(payload: unknown): string | null {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
  try {
    const body = JSON.parse(payload) as Record<string, unknown>;
    const inner = (body.token ?? body.item ?? body) as Record<string, unknown>;
    return typeof inner.id === 'string' ? inner.id : null;
  } catch {
    return null;
  }
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

/** `METHOD /api/pattern` of every route the trail records, per app (the route-list test reads it). */
export function auditedRoutes(app: FastifyInstance): ReadonlyMap<string, Describe> {
  return auditedByApp.get(app) ?? new Map();
}

export function registerAuditTrail(app: FastifyInstance, ctx: AppContext): void {
  const described = new Map<string, Describe>();
  auditedByApp.set(app, described);
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
      const store: AuditNotes = { changes: [] };
      request.auditNotes = store;
      return notes.run(store, () => handler.call(this, request, reply));
    } as RouteHandlerMethod;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const store = request.auditNotes;
    if (!store || reply.statusCode >= 300) return payload;
    const description = described.get(`${request.method} ${request.routeOptions.url}`);
    if (!description) return payload;
    const params = (request.params ?? {}) as Record<string, string>;
    const base = {
      eventId: request.actor?.eventId ?? params.eventId ?? null,
      ...actorOfRequest(request),
      address: request.ip,
      action: description.action,
      route: `${request.method} ${request.routeOptions.url}`,
    };
    const entries: AuditRecord[] = store.changes.length
      ? store.changes.map((c) => ({
          ...base,
          entityType: c.entityType,
          entityId: c.entityId,
          changes: c.changes,
        }))
      : [
          {
            ...base,
            entityType: description.entityType,
            entityId: (description.idParam && params[description.idParam]) || idFromAnswer(payload),
            changes: request.method === 'DELETE' ? {} : bodyAsChanges(request.body),
          },
        ];
    try {
      await insertEntries(ctx, entries);
    } catch (err) {
      // The write has committed and its caller must hear so; a lost entry is logged loudly.
      request.log.error({ err, route: base.route }, 'audit entry not recorded');
    }
    return payload;
  });
}
