import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { reportColumns } from '../../../../../shared/forms/labels';
import { evaluateVisibility } from '../../../../../shared/forms/logic';
import { reportRow } from '../../../../../shared/forms/text';
import {
  FORM_REPORT_ERRORS,
  type FormSubmissionRow,
  type OneFormReport,
  type oneFormReportQuerySchema,
} from '../../../../../shared/reports/formsApi';
import { TABLE_PAGE_SIZE } from '../../../../../shared/ui/constants';
import type { AppContext } from '../../../../platform/context';
import type { DbOrTx } from '../../../../platform/db/client';
import { rowsOf } from '../../../../platform/db/rows';
import { containing } from '../../../../platform/db/search';
import type { EventScope } from '../../../../platform/http/actor';
import { notFound } from '../../../../platform/http/errors';
import { loadFill } from '../../../submissions/fill/queries';
import type { ReportDay } from '../../day/queries';
import { formReportRows } from '../queries';
import { formTally } from '../tally/service';

export type OneFormQuery = Omit<z.output<typeof oneFormReportQuerySchema>, 'page'> & { page?: number };

type Row = {
  id: string;
  team_id: string | null;
  team_name: string | null;
  custom_fields: Record<string, string | boolean> | null;
  is_guest: boolean;
  values: Record<string, unknown>;
  submitted_at: Date | string | null;
  submitted_by: string;
};

/**
 * One published form's submitted submissions (drafts never count), newest first: each with its
 * answers under the engine's report labels, and over all of them the counts per option and the
 * item list sums. Organiser teams' submissions stay out, as everywhere in reports; guests' count
 * unless a team type is asked for. `page` undefined answers every row (the export).
 */
export async function oneFormReport(
  ctx: AppContext,
  db: DbOrTx,
  scope: EventScope,
  formId: string,
  day: ReportDay,
  query: OneFormQuery,
): Promise<OneFormReport> {
  const { eventId } = scope;
  const { fill, definition } = await loadFill(
    ctx,
    db,
    { eventId },
    formId,
    'open',
    FORM_REPORT_ERRORS.formNotFound,
  );
  const where: SQL[] = [
    sql`s.event_id = ${eventId}`,
    sql`s.form_id = ${formId}`,
    sql`not s.is_draft`,
    sql`(s.team_id is null or not tm.is_organiser)`,
  ];
  if (query.teamTypeId) where.push(sql`tm.team_type_id = ${query.teamTypeId}`);
  if (query.search) {
    const like = containing(query.search);
    where.push(sql`(tm.name ilike ${like} or (s.team_id is null and 'guest' ilike ${like}))`);
  }
  const [[form], rows] = await Promise.all([
    formReportRows(db, scope, { formId, teamTypeId: query.teamTypeId }),
    rowsOf<Row>(
      db,
      sql`
      select s.id, s.team_id, tm.name as team_name, tm.custom_fields, s.is_guest, s.values, s.submitted_at,
        coalesce((select trim(a.first_name || ' ' || a.surname) from accounts a
          where a.id::text = s.created_by), '') as submitted_by
      from form_submissions s left join teams tm on tm.id = s.team_id
      where ${sql.join(where, sql` and `)}
      order by s.submitted_at desc nulls last, s.id
    `,
    ),
  ]);
  if (!form) throw notFound(FORM_REPORT_ERRORS.formNotFound);
  const columns = reportColumns(definition);
  const text = { locale: day.locale, currency: fill.currency };
  const tally = formTally(definition);
  const page = query.page ?? 1;
  const [from, to] =
    query.page === undefined ? [0, rows.length] : [(page - 1) * TABLE_PAGE_SIZE, page * TABLE_PAGE_SIZE];
  const items: FormSubmissionRow[] = [];
  rows.forEach((row, index) => {
    // Team rules read the team's own data; a guest has none.
    const client = row.team_id
      ? {
          userId: '',
          firstName: '',
          surname: '',
          email: '',
          teamId: row.team_id,
          teamName: row.team_name ?? '',
          customFields: row.custom_fields ?? {},
        }
      : null;
    const visibility = evaluateVisibility(definition, row.values, { client });
    tally.addSubmission(row.values, visibility);
    if (index < from || index >= to) return;
    items.push({
      id: row.id,
      teamId: row.team_id,
      teamName: row.team_name,
      isGuest: row.is_guest,
      submittedBy: row.is_guest ? 'Guest' : row.submitted_by,
      submittedAt: row.submitted_at === null ? null : new Date(row.submitted_at).toISOString(),
      answers: reportRow(definition, row.values, visibility, text, columns),
    });
  });
  return {
    form,
    currency: fill.currency,
    columns: columns.map((c) => ({ key: c.key, label: c.label })),
    ...tally.result(),
    items,
    total: rows.length,
    page,
    pageSize: query.page === undefined ? rows.length : TABLE_PAGE_SIZE,
    today: day.today,
  };
}
