import { and, asc, eq, sql } from 'drizzle-orm';
import type { FormDefinition } from '../../../shared/forms/definition';
import { loopColumnKey, reportColumns } from '../../../shared/forms/labels';
import { evaluateVisibility } from '../../../shared/forms/logic';
import type { UploadedFile } from '../../../shared/forms/schema/values';
import { uploadsIn } from '../../../shared/forms/submissionFiles';
import { reportRow } from '../../../shared/forms/text';
import { neutraliseCell } from '../../../shared/people/export';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { readSettings } from '../events/settingsStore';
import { events } from '../events/tables';
import { type UserReport, zonedFormatter } from '../people/export';
import { teams } from '../people/tables';
import { loadFill } from './definition';
import { formSubmissions } from './tables';

export const EXPORT_COLUMNS = ['Team', 'Guest', 'State', 'Submitted by', 'Updated'] as const;

/** The files of each upload answer, by report column key (a loop's as templateId.loop.fieldId). */
export function filesByColumn(
  definition: FormDefinition,
  values: Record<string, unknown>,
): Map<string, UploadedFile[]> {
  return new Map(
    uploadsIn(definition, values).map(({ place, files }) => [
      place.templateFieldId === undefined
        ? place.fieldId
        : loopColumnKey(place.templateFieldId, place.loopIndex, place.fieldId),
      files,
    ]),
  );
}

/** 'plan.pdf (https://portal.example/api/events/…/files/…)': a file's name and where to open it. */
export function fileCell(file: UploadedFile, appUrl: string): string {
  return file.url ? `${file.name} (${appUrl}${file.url})` : file.name;
}

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
  const [event, rows, [site]] = await Promise.all([
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
    db.select({ appUrl: events.appUrl }).from(events).where(eq(events.id, eventId)).limit(1),
  ]);
  const appUrl = (site?.appUrl ?? '').replace(/\/+$/, '');
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
    // Files as links: each file's name and its address (a signed-in organiser opens it).
    for (const [key, list] of filesByColumn(definition, row.values)) {
      if (answers[key]) answers[key] = list.map((file) => fileCell(file, appUrl)).join('\n');
    }
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
