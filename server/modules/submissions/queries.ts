import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { SUBMISSION_ERRORS, type SubmissionSummary } from '../../../shared/forms/submissionsApi';
import type { DbOrTx } from '../../platform/db/client';
import type { EventScope } from '../../platform/http/actor';
import { conflict, notFound } from '../../platform/http/errors';
import { accounts } from '../auth/tables';
import { teams } from '../people/tables';
import { formSubmissions } from './tables';

export type SubmissionRecord = typeof formSubmissions.$inferSelect;

/** Who saved last, as a name: a guest, the platform, or the account's name. */
const updatedByName = sql<string>`case
  when ${formSubmissions.updatedBy} = 'guest' then 'Guest'
  when ${accounts.id} is null then ''
  else trim(${accounts.firstName} || ' ' || ${accounts.surname}) end`;

/** The summary columns of a submission (team and updater names joined in). */
export const summaryColumns = {
  id: formSubmissions.id,
  isDraft: formSubmissions.isDraft,
  isGuest: formSubmissions.isGuest,
  teamId: formSubmissions.teamId,
  teamName: sql<string>`coalesce(${teams.name}, '')`,
  updatedAt: formSubmissions.updatedAt,
  updatedByName,
  version: formSubmissions.version,
};

type SummaryRow = Omit<SubmissionSummary, 'updatedAt'> & { updatedAt: Date };

export const presentSummary = (row: SummaryRow): SubmissionSummary => ({
  ...row,
  updatedAt: row.updatedAt.toISOString(),
});

/** The submissions of a form matching `where`, newest first, with team and updater names. */
export function selectSummaries(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(summaryColumns)
    .from(formSubmissions)
    .leftJoin(teams, eq(teams.id, formSubmissions.teamId))
    .leftJoin(accounts, sql`${accounts.id}::text = ${formSubmissions.updatedBy}`)
    .where(where)
    .orderBy(desc(formSubmissions.updatedAt), desc(formSubmissions.id));
}

type SubmissionKey = { eventId: string; formId: string; submissionId: string };

export async function findSubmission(db: DbOrTx, key: SubmissionKey): Promise<SubmissionRecord> {
  const row = await lookupSubmission(db, key);
  if (!row) throw notFound(SUBMISSION_ERRORS.submissionNotFound);
  return row;
}

/** The submission of the form with that id, or null when there is none (yet). */
export async function lookupSubmission(db: DbOrTx, key: SubmissionKey): Promise<SubmissionRecord | null> {
  const [row] = await db
    .select()
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.eventId, key.eventId),
        eq(formSubmissions.formId, key.formId),
        eq(formSubmissions.id, key.submissionId),
      ),
    );
  return row ?? null;
}

export async function findSummary(db: DbOrTx, scope: EventScope, submissionId: string) {
  const { eventId } = scope;
  const [row] = await selectSummaries(
    db,
    and(eq(formSubmissions.eventId, eventId), eq(formSubmissions.id, submissionId)),
  );
  if (!row) throw notFound(SUBMISSION_ERRORS.submissionNotFound);
  return presentSummary(row);
}

/**
 * Writes new answers over a stored submission when the save was based on its current version;
 * otherwise someone saved in between and this save is refused, so neither loses their answers.
 */
export async function overwrite(
  db: DbOrTx,
  row: SubmissionRecord,
  change: { values: Record<string, unknown>; version: number | null; isDraft: boolean; by: string },
  message: string,
): Promise<number> {
  if (change.version !== row.version) throw conflict(message);
  const now = new Date();
  const [saved] = await db
    .update(formSubmissions)
    .set({
      values: change.values,
      isDraft: change.isDraft,
      version: row.version + 1,
      updatedAt: now,
      updatedBy: change.by,
      ...(row.isDraft && !change.isDraft ? { submittedAt: now } : {}),
    })
    .where(
      and(
        eq(formSubmissions.eventId, row.eventId),
        eq(formSubmissions.id, row.id),
        // The same check in the write itself: two saves at once cannot both pass it.
        eq(formSubmissions.version, row.version),
      ),
    )
    .returning({ version: formSubmissions.version });
  if (!saved) throw conflict(message);
  return saved.version;
}
