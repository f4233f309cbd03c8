import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { CellError, RawSheet } from '../../../../shared/people/importRules';
import type { SessionImportResult, SessionImportRow } from '../../../../shared/timetable/importApi';
import {
  type CheckedSessionRow,
  checkSessionSheet,
  countSessionRows,
  SESSION_IMPORT_ERRORS,
  type SessionImportContext,
  sessionKey,
} from '../../../../shared/timetable/importRules';
import type { SessionValues } from '../../../../shared/timetable/schema';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx, Tx } from '../../../platform/db/client';
import { withTransaction } from '../../../platform/db/transaction';
import { badRequest } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/guards';
import { readSettings } from '../../events/settingsStore';
import { teamTypes } from '../../people/tables';
import { insertTeamTypeIds } from '../../people/teamTypes/links/queries';
import { timetableSessions, timetableSessionTeamTypes, timetableTracks } from '../tables';

/** Rows per insert statement; a chunk that fails is retried row by row. */
const INSERT_CHUNK = 250;
export const ROW_FAILED = 'This row could not be saved; nothing of it was kept';

/** What the rules need to know about the event: its zone, tracks, team types and sessions. */
export async function sessionImportContext(db: DbOrTx, eventId: string): Promise<SessionImportContext> {
  const [settings, tracks, types, sessions] = await Promise.all([
    readSettings(db, eventId, 'event'),
    db
      .select({ id: timetableTracks.id, name: timetableTracks.name })
      .from(timetableTracks)
      .where(eq(timetableTracks.eventId, eventId)),
    db
      .select({ id: teamTypes.id, name: teamTypes.name })
      .from(teamTypes)
      .where(eq(teamTypes.eventId, eventId)),
    db
      .select({
        title: timetableSessions.title,
        startsAt: timetableSessions.startsAt,
        endsAt: timetableSessions.endsAt,
        location: timetableSessions.location,
      })
      .from(timetableSessions)
      .where(eq(timetableSessions.eventId, eventId)),
  ]);
  return {
    timeZone: settings.timeZone,
    tracks,
    teamTypes: types,
    existing: new Set(sessions.map(sessionKey)),
  };
}

function checked(sheet: RawSheet, context: SessionImportContext): CheckedSessionRow[] {
  const check = checkSessionSheet(sheet, context);
  if (check.fileErrors.length) {
    const issues = check.fileErrors.map((e) => ({ path: ['file'], message: e.message }));
    throw badRequest(check.fileErrors.map((e) => e.message).join('. '), issues);
  }
  return check.rows;
}

const asResultRow = (row: CheckedSessionRow, patch: Partial<SessionImportRow> = {}): SessionImportRow => ({
  rowNumber: row.rowNumber,
  status: row.status,
  cells: row.cells,
  errors: row.errors,
  sessionId: null,
  ...patch,
});

function result(
  fileName: string,
  imported: boolean,
  timeZone: string,
  rows: SessionImportRow[],
): SessionImportResult {
  const counts = { ready: 0, skipped: 0, rejected: 0, created: 0, failed: 0 };
  for (const row of rows) counts[row.status] += 1;
  return { fileName: fileName.slice(0, 255), imported, timeZone, counts, rows };
}

/** The preview: every row checked against the time table as it is now; nothing is written. */
export async function previewSessionImport(
  db: DbOrTx,
  eventId: string,
  fileName: string,
  sheet: RawSheet,
): Promise<SessionImportResult> {
  const context = await sessionImportContext(db, eventId);
  const rows = checked(sheet, context);
  return result(
    fileName,
    false,
    context.timeZone,
    rows.map((r) => asResultRow(r)),
  );
}

/**
 * The import, in one request and one transaction (a programme is hundreds of rows, not the team
 * import's thousands, decision 0016). The rows are checked again inside it, under a lock per event,
 * so two imports of one file cannot both create its sessions. Each row is all or nothing: rows go
 * in by chunks inside a savepoint, and a chunk the database refuses is rolled back and retried row
 * by row, each in its own savepoint, so one bad row fails alone and the others are kept.
 */
export async function importSessions(
  ctx: Pick<AppContext, 'db' | 'logger'>,
  actor: Actor,
  fileName: string,
  sheet: RawSheet,
): Promise<SessionImportResult> {
  return withTransaction(ctx.db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`timetable-import:${actor.eventId}`}))`);
    const context = await sessionImportContext(tx, actor.eventId);
    const rows = checked(sheet, context);
    if (countSessionRows(rows).ready === 0) throw badRequest(SESSION_IMPORT_ERRORS.nothingToImport);
    const made = new Map<number, string | CellError>();
    const ready = rows.filter((r) => r.status === 'ready' && r.values);
    for (let i = 0; i < ready.length; i += INSERT_CHUNK) {
      const chunk = ready.slice(i, i + INSERT_CHUNK);
      try {
        // Savepoint meant: a chunk that fails is undone alone and its rows retried one by one,
        // while the import's transaction (and the rows already made) carries on.
        const ids = await tx.transaction((sp) => insertRows(sp, actor, chunk));
        for (const [k, row] of chunk.entries()) made.set(row.rowNumber, ids[k]);
      } catch {
        for (const row of chunk) {
          try {
            // Savepoint meant: one failing row is recorded as failed, not the whole import.
            const [id] = await tx.transaction((sp) => insertRows(sp, actor, [row]));
            made.set(row.rowNumber, id);
          } catch (err) {
            ctx.logger.error({ err, rowNumber: row.rowNumber }, 'time table import row failed');
            made.set(row.rowNumber, { column: null, message: ROW_FAILED });
          }
        }
      }
    }
    const out = rows.map((row) => {
      const outcome = made.get(row.rowNumber);
      if (outcome === undefined) return asResultRow(row);
      if (typeof outcome === 'string') return asResultRow(row, { status: 'created', sessionId: outcome });
      return asResultRow(row, { status: 'failed', errors: [...row.errors, outcome] });
    });
    return result(fileName, true, context.timeZone, out);
  });
}

async function insertRows(tx: Tx, actor: Actor, rows: CheckedSessionRow[]): Promise<string[]> {
  // Ids made here, so each row's session is known without relying on RETURNING's order.
  const ids = rows.map(() => randomUUID());
  await tx.insert(timetableSessions).values(
    rows.map((row, i) => {
      const { link: _link, teamTypeIds: _teamTypes, ...values } = row.values as SessionValues;
      return {
        ...values,
        id: ids[i],
        eventId: actor.eventId,
        createdBy: actor.accountId,
        updatedBy: actor.accountId,
      };
    }),
  );
  await insertTeamTypeIds(
    tx,
    timetableSessionTeamTypes,
    actor.eventId,
    rows.map((row, i) => ({ ownerId: ids[i], teamTypeIds: (row.values as SessionValues).teamTypeIds })),
  );
  return ids;
}
