import { and, eq, inArray } from 'drizzle-orm';
import {
  checkSheet,
  countStatuses,
  IMPORT_COLUMNS,
  IMPORT_ERRORS,
  type ImportContext,
  normaliseEmail,
  type RawSheet,
} from '../../../../../shared/people/importRules';
import type { DbOrTx } from '../../../../platform/db/client';
import { withTransaction } from '../../../../platform/db/transaction';
import { badRequest, conflict } from '../../../../platform/http/errors';
import type { Actor } from '../../../../platform/http/guards';
import { accounts } from '../../../auth/tables';
import { listCustomFields } from '../../customFields/service';
import { memberships, teams, teamTypes } from '../../tables';
import { teamImportRows, teamImports } from '../tables';

const LOOKUP_CHUNK = 1000;
const INSERT_CHUNK = 500;

/** What the rules need to know about the event, looking up only the people the file names. */
export async function importContext(db: DbOrTx, eventId: string, emails: string[]): Promise<ImportContext> {
  const [types, fields] = await Promise.all([
    db
      .select({ id: teamTypes.id, name: teamTypes.name })
      .from(teamTypes)
      .where(eq(teamTypes.eventId, eventId)),
    listCustomFields(db, eventId),
  ]);
  const people: ImportContext['people'] = new Map();
  const unique = [...new Set(emails)];
  for (let i = 0; i < unique.length; i += LOOKUP_CHUNK) {
    const found = await db
      .select({ email: accounts.email, teamName: teams.name, ownerId: teams.ownerId, accountId: accounts.id })
      .from(memberships)
      .innerJoin(accounts, eq(accounts.id, memberships.accountId))
      .leftJoin(teams, and(eq(teams.eventId, eventId), eq(teams.id, memberships.teamId)))
      .where(
        and(eq(memberships.eventId, eventId), inArray(accounts.email, unique.slice(i, i + LOOKUP_CHUNK))),
      );
    for (const p of found) people.set(p.email, { teamName: p.teamName, isOwner: p.ownerId === p.accountId });
  }
  return { teamTypes: types, customFields: fields, people };
}

/**
 * Checks an uploaded sheet and stores it as the event's latest import, in preview: nothing about
 * people or teams is written until the import is started. Column problems refuse the whole file.
 */
export async function createPreview(db: DbOrTx, actor: Actor, fileName: string, sheet: RawSheet) {
  const emailColumn = sheet.header.findIndex((h) => h.toLowerCase() === IMPORT_COLUMNS.email.toLowerCase());
  const emails =
    emailColumn < 0 ? [] : sheet.rows.map((r) => normaliseEmail(r.cells[emailColumn]?.text ?? ''));
  const context = await importContext(db, actor.eventId, emails.filter(Boolean));
  const checked = checkSheet(sheet, context);
  if (checked.fileErrors.length) {
    const issues = checked.fileErrors.map((e) => ({ path: ['file'], message: e.message }));
    throw badRequest(checked.fileErrors.map((e) => e.message).join('. '), issues);
  }
  const counts = countStatuses(checked.rows);
  return withTransaction(db, async (tx) => {
    const [running] = await tx
      .select({ id: teamImports.id })
      .from(teamImports)
      .where(and(eq(teamImports.eventId, actor.eventId), inArray(teamImports.state, ['queued', 'running'])))
      .limit(1);
    if (running) throw conflict(IMPORT_ERRORS.running);
    const [created] = await tx
      .insert(teamImports)
      .values({
        eventId: actor.eventId,
        fileName: fileName.slice(0, 255),
        rowsInFile: checked.rows.length,
        readyRows: counts.ready,
        skippedRows: counts.skipped,
        rejectedRows: counts.rejected,
        createdBy: actor.accountId,
        updatedBy: actor.accountId,
      })
      .returning({ id: teamImports.id });
    for (let i = 0; i < checked.rows.length; i += INSERT_CHUNK) {
      await tx.insert(teamImportRows).values(
        checked.rows.slice(i, i + INSERT_CHUNK).map((row) => ({
          eventId: actor.eventId,
          importId: created.id,
          rowNumber: row.rowNumber,
          status: row.status,
          cells: row.cells,
          errors: row.errors,
          values: row.values,
          createdBy: actor.accountId,
          updatedBy: actor.accountId,
        })),
      );
    }
    return created.id;
  });
}
