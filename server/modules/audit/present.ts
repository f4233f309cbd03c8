import type { AuditEntry } from '../../../shared/audit/api';
import type { auditEntries } from './tables';

/** A trail row and the name of the token it was made with → the answer (shared/audit/api). */
export function presentAuditEntry(
  row: typeof auditEntries.$inferSelect,
  tokenName: string | null,
): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: {
      kind: row.actorKind,
      accountId: row.accountId,
      name: row.actorKind === 'system' && !row.accountId ? row.actorName || 'System Update' : row.actorName,
      tokenId: row.tokenId,
      tokenName,
    },
    address: row.address,
    entityType: row.entityType,
    entityId: row.entityId,
    action: row.action,
    route: row.route,
    changes: row.changes,
  };
}
