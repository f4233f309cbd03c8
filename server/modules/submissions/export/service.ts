import { and, asc, eq, sql } from 'drizzle-orm';
import type { FormDefinition } from '../../../../shared/forms/definition';
import { loopColumnKey, reportColumns } from '../../../../shared/forms/labels';
import { evaluateVisibility } from '../../../../shared/forms/logic';
import type { UploadedFile } from '../../../../shared/forms/schema/values';
import { uploadsIn } from '../../../../shared/forms/submissionFiles';
import { reportRow } from '../../../../shared/forms/text';
import { neutraliseCell } from '../../../../shared/people/export';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import type { EventScope } from '../../../platform/http/actor';
import { readSettings } from '../../events/settingsStore';
import { events } from '../../events/tables';
import { zonedFormatter } from '../../people/export/service';
import { teams } from '../../people/tables';
import { loadFill } from '../fill/queries';
import { formSubmissions } from '../tables';

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

/** Rows read from the database per query: a page's JSON answers are all that is held at once. */
export const EXPORT_PAGE_SIZE = 500;

export type SubmissionsExport = {
  title: string;
  header: string[];
  fileDate: string;
  shortName: string;
  /** The table's rows a page at a time, read from the database only as the writer asks. */
  pages: AsyncIterable<string[][]>;
};

const exportColumns = {
  id: formSubmissions.id,
  // The cursor as the database's own text: a JS Date would drop the microseconds it orders by.
  updatedAtKey: sql<string>`${formSubmissions.updatedAt}::text`,
  values: formSubmissions.values,
  isDraft: formSubmissions.isDraft,
  isGuest: formSubmissions.isGuest,
  updatedAt: formSubmissions.updatedAt,
  teamId: formSubmissions.teamId,
  teamName: teams.name,
  customFields: teams.customFields,
  submittedBy: sql<string>`coalesce((select trim(a.first_name || ' ' || a.surname) from accounts a where a.id::text = ${formSubmissions.createdBy}), '')`,
};

type Cursor = { at: string; id: string };

/** One keyset page: the rows after the cursor's update time and id, in that order. */
function selectPage(db: DbOrTx, eventId: string, formId: string, after: Cursor | null, limit: number) {
  return db
    .select(exportColumns)
    .from(formSubmissions)
    .leftJoin(teams, eq(teams.id, formSubmissions.teamId))
    .where(
      and(
        eq(formSubmissions.eventId, eventId),
        eq(formSubmissions.formId, formId),
        after
          ? sql`(${formSubmissions.updatedAt}, ${formSubmissions.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(formSubmissions.updatedAt), asc(formSubmissions.id))
    .limit(limit);
}

type ExportRow = Awaited<ReturnType<typeof selectPage>>[number];

/**
 * The form's submissions oldest update first, a page at a time: each page is one indexed read
 * however deep the export is (no offset to skip), and only it is held in memory.
 */
async function* submissionPages(db: DbOrTx, eventId: string, formId: string, pageSize: number) {
  let after: Cursor | null = null;
  while (true) {
    const rows = await selectPage(db, eventId, formId, after, pageSize);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = { at: last.updatedAtKey, id: last.id };
  }
}

/**
 * A form's submissions as a table: one row per submission, one column per value the engine reports
 * (headed by its report labels, loops numbered), money and totals as the engine writes them, times
 * in the event's zone, every cell that could start a formula neutralised. The rows are read and
 * written a page at a time, so a large export holds one page in memory, never the whole table.
 */
export async function submissionsExport(
  ctx: AppContext,
  db: DbOrTx,
  scope: EventScope,
  formId: string,
  options: { now?: Date; pageSize?: number } = {},
): Promise<SubmissionsExport> {
  const { eventId } = scope;
  const { fill, definition } = await loadFill(ctx, db, scope, formId, 'any');
  const [event, [site]] = await Promise.all([
    readSettings(db, eventId, 'event'),
    db.select({ appUrl: events.appUrl }).from(events).where(eq(events.id, eventId)).limit(1),
  ]);
  const appUrl = (site?.appUrl ?? '').replace(/\/+$/, '');
  const zoned = zonedFormatter(event.timeZone);
  const columns = reportColumns(definition);
  const text = { locale: event.locale, currency: fill.currency };
  const toCells = (row: ExportRow) => {
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
  };
  const pageSize = options.pageSize ?? EXPORT_PAGE_SIZE;
  return {
    title: fill.form.title,
    header: [...EXPORT_COLUMNS, ...columns.map((column) => column.label)].map(neutraliseCell),
    fileDate: zoned(options.now ?? new Date()).date,
    shortName: event.shortName || event.eventName,
    pages: {
      async *[Symbol.asyncIterator]() {
        for await (const rows of submissionPages(db, eventId, formId, pageSize)) yield rows.map(toCells);
      },
    },
  };
}
