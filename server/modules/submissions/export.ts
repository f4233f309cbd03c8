import { and, asc, eq, sql } from 'drizzle-orm';
import { reportColumns } from '../../../shared/forms/labels';
import { evaluateVisibility } from '../../../shared/forms/logic';
import { reportRow } from '../../../shared/forms/text';
import { neutraliseCell } from '../../../shared/people/export';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { readSettings } from '../events/settingsStore';
import { type UserReport, zonedFormatter } from '../people/export';
import { teams } from '../people/tables';
import { loadFill } from './definition';
import { formSubmissions } from './tables';

export const EXPORT_COLUMNS = ['Team', 'Guest', 'State', 'Submitted by', 'Updated'] as const;

/** 'stand-build-2027-05-10.xlsx': the form's title made safe for a file name, and the day. */
export function submissionsFileName(title: string, isoDate: string, format: string): string {
  const name =
    title
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'form';
  return `${name}-submissions-${isoDate}.${format}`;
}

/**
 * A form's submissions as a table: one row per submission, one column per value the engine reports
 * (headed by its report labels, loops numbered), money and totals as the engine writes them, times
 * in the event's zone, every cell that could start a formula neutralised.
 */
export async function buildSubmissionsReport(
  ctx: AppContext,
  db: DbOrTx,
  eventId: string,
  formId: string,
  now = new Date(),
): Promise<UserReport & { title: string }> {
  const { fill, definition } = await loadFill(ctx, db, eventId, formId, 'any');
  const [event, rows] = await Promise.all([
    readSettings(db, eventId, 'event'),
    db
      .select({
        values: formSubmissions.values,
        isDraft: formSubmissions.isDraft,
        isGuest: formSubmissions.isGuest,
        updatedAt: formSubmissions.updatedAt,
        updatedBy: formSubmissions.updatedBy,
        teamId: formSubmissions.teamId,
        teamName: teams.name,
        customFields: teams.customFields,
        submittedBy: sql<string>`coalesce((select trim(a.first_name || ' ' || a.surname) from accounts a where a.id::text = ${formSubmissions.createdBy}), '')`,
      })
      .from(formSubmissions)
      .leftJoin(teams, eq(teams.id, formSubmissions.teamId))
      .where(and(eq(formSubmissions.eventId, eventId), eq(formSubmissions.formId, formId)))
      .orderBy(asc(formSubmissions.updatedAt), asc(formSubmissions.id)),
  ]);
  const zoned = zonedFormatter(event.timeZone);
  const columns = reportColumns(definition);
  const text = { locale: event.locale, currency: fill.currency };
  const body = rows.map((row) => {
    // The team's own data is what team rules read; answers hidden when saved were never stored.
    const client = row.teamId
      ? {
          userId: '',
          firstName: '',
          surname: '',
          email: '',
          teamId: row.teamId,
          teamName: row.teamName ?? '',
          customFields: row.customFields ?? {},
        }
      : null;
    const visibility = evaluateVisibility(definition, row.values, { client });
    const answers = reportRow(definition, row.values, visibility, text, columns);
    return [
      row.teamName ?? '',
      row.isGuest ? 'Yes' : 'No',
      row.isDraft ? 'Draft' : 'Submitted',
      row.isGuest ? 'Guest' : row.submittedBy,
      zoned(row.updatedAt).dateTime,
      ...columns.map((column) => answers[column.key] ?? ''),
    ].map(neutraliseCell);
  });
  return {
    title: fill.form.title,
    header: [...EXPORT_COLUMNS, ...columns.map((column) => column.label)].map(neutraliseCell),
    rows: body,
    fileDate: zoned(now).date,
    shortName: event.shortName || event.eventName,
  };
}
