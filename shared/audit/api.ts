import { z } from 'zod';

/**
 * The audit trail (issue 21, decision 0030): one entry per write, whoever made it.
 *
 * Routes (prefix /api/events/:eventId/audit, admins):
 *   GET  /            AuditQuery -> AuditPage (newest first, paged)
 *   GET  /settings    AuditSettings
 *   PUT  /settings    AuditSettings -> AuditSettings
 */
export { AUDIT_LEVEL } from '../auth/permissions';
export const AUDIT_PAGE_SIZE = 25;
export const AUDIT_RETENTION_DEFAULT_DAYS = 365;

export const AUDIT_ACTOR_KINDS = ['account', 'token', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/** Field names whose values never reach an entry (matched case-insensitively, anywhere in the name). */
export const AUDIT_REDACTED_FIELDS = /password|secret|token|hash|authorization|apikey|api_key/i;
export const AUDIT_REDACTED = '[redacted]';

export const auditQuerySchema = z.strictObject({
  entityType: z.string().max(100).optional(),
  entityId: z.string().max(100).optional(),
  accountId: z.uuid().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({
    kind: z.enum(AUDIT_ACTOR_KINDS),
    accountId: z.string().nullable(),
    name: z.string(),
    tokenId: z.string().nullable(),
    tokenName: z.string().nullable(),
  }),
  address: z.string().nullable(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  action: z.string(),
  route: z.string().nullable(),
  changes: z.record(z.string(), z.object({ before: z.unknown().optional(), after: z.unknown().optional() })),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** What the filters offer: the entity types and people found in this event's trail. */
  entityTypes: z.array(z.string()),
  people: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AuditPage = z.output<typeof auditPageSchema>;

export const auditSettingsSchema = z.strictObject({
  retentionDays: z
    .number()
    .int()
    .min(1, 'Keep entries at least 1 day')
    .max(3650, 'Keep entries at most 3650 days'),
});
export type AuditSettings = z.output<typeof auditSettingsSchema>;

/** Values of secret fields replaced, recursively; what an entry may keep of a body or a row. */
export function redact(value: unknown): unknown {
  // Text PostgreSQL's jsonb cannot hold (NUL, lone surrogates) is kept readable, not refused.
  if (typeof value === 'string')
    return value.replace(
      // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what jsonb refuses.
      /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      '\ufffd',
    );
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      out[key] = AUDIT_REDACTED_FIELDS.test(key) ? AUDIT_REDACTED : redact(inner);
    }
    return out;
  }
  return value;
}

/** Columns every row carries that the entry itself already says (who, when). */
const BOOKKEEPING = new Set(['updatedAt', 'updatedBy', 'createdAt', 'createdBy']);

/** Field-level differences between two records (only the fields that changed), secrets redacted. */
/**
 * Equal as data: objects compare by their keys whatever their order. A record read back from a
 * jsonb column has its keys in jsonb's order (shorter first), the request's in the schema's, so
 * comparing their JSON text showed unchanged contacts as changed.
 */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]))
    );
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    if (a instanceof Date || b instanceof Date) return JSON.stringify(a) === JSON.stringify(b);
    const left = Object.entries(a).filter(([, v]) => v !== undefined);
    const right = b as Record<string, unknown>;
    const rightSize = Object.values(right).filter((v) => v !== undefined).length;
    return left.length === rightSize && left.every(([key, v]) => sameValue(v, right[key]));
  }
  return false;
}

export function diffFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Record<string, { before?: unknown; after?: unknown }> {
  const changes: Record<string, { before?: unknown; after?: unknown }> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (BOOKKEEPING.has(key)) continue;
    const b = before?.[key];
    const a = after?.[key];
    if (sameValue(b, a)) continue;
    const secret = AUDIT_REDACTED_FIELDS.test(key);
    changes[key] = {
      ...(before && key in before ? { before: secret ? AUDIT_REDACTED : redact(b) } : {}),
      ...(after && key in after ? { after: secret ? AUDIT_REDACTED : redact(a) } : {}),
    };
  }
  return changes;
}
