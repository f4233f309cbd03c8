import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  FormReportResponse,
  FormReportRow,
  FormReportSort,
  formReportQuerySchema,
} from '../../../../shared/reports/formsApi';
import { TABLE_PAGE_SIZE } from '../../../../shared/ui/constants';
import type { DbOrTx } from '../../../platform/db/client';
import { rowsOf } from '../../../platform/db/rows';
import { containing } from '../../../platform/db/search';
import type { EventScope } from '../../../platform/http/actor';
import type { ReportDay } from '../day/queries';

export type FormReportQuery = Omit<z.output<typeof formReportQuerySchema>, 'page'> & { page?: number };

type Row = {
  id: string;
  title: string;
  is_public: boolean;
  teams: number;
  submitted: number;
  draft: number;
  submissions: number;
  guests: number;
};

/**
 * The published forms of the event with, among the teams that see them (every team but organiser
 * teams, decision 0017), how many have submitted, have only a draft, or have not started. One
 * statement: submissions are grouped per form and team once, so the work follows the submissions.
 * `formId` narrows it to one form (the one-form report's heading).
 */
export async function formReportRows(
  db: DbOrTx,
  scope: EventScope,
  query: Pick<FormReportQuery, 'teamTypeId' | 'search'> & { formId?: string },
): Promise<FormReportRow[]> {
  const { eventId } = scope;
  const formWhere: SQL[] = [sql`event_id = ${eventId}`, sql`is_published`, sql`not is_archived`];
  if (query.formId) formWhere.push(sql`id = ${query.formId}`);
  if (query.search) formWhere.push(sql`title ilike ${containing(query.search)}`);
  const teamType = query.teamTypeId ? sql`and team_type_id = ${query.teamTypeId}` : sql``;
  // Guests have no team type: with a team type filter they count for nothing.
  const guests = query.teamTypeId
    ? sql`select null::uuid as form_id, 0 as n where false`
    : sql`select form_id, count(*)::int as n from form_submissions
        where event_id = ${eventId} and team_id is null and not is_draft group by form_id`;
  const rows = await rowsOf<Row>(
    db,
    sql`
    with f as (select id, title, is_public from forms where ${sql.join(formWhere, sql` and `)}),
    tm as (select id from teams where event_id = ${eventId} and not is_organiser ${teamType}),
    per_team as (
      select s.form_id, s.team_id, count(*) filter (where not s.is_draft)::int as submitted
      from form_submissions s
      join f on f.id = s.form_id
      join tm on tm.id = s.team_id
      where s.event_id = ${eventId}
      group by s.form_id, s.team_id
    ),
    per_form as (
      select form_id,
        count(*) filter (where submitted > 0)::int as submitted,
        count(*) filter (where submitted = 0)::int as draft,
        sum(submitted)::int as submissions
      from per_team group by form_id
    ),
    g as (${guests})
    select f.id, f.title, f.is_public, (select count(*)::int from tm) as teams,
      coalesce(p.submitted, 0) as submitted, coalesce(p.draft, 0) as draft,
      coalesce(p.submissions, 0) as submissions, coalesce(g.n, 0) as guests
    from f left join per_form p on p.form_id = f.id left join g on g.form_id = f.id
  `,
  );
  return rows.map((r) => {
    const teams = Number(r.teams);
    const submitted = Number(r.submitted);
    const draft = Number(r.draft);
    return {
      id: r.id,
      title: r.title,
      isPublic: r.is_public,
      teams,
      submitted,
      draft,
      notStarted: teams - submitted - draft,
      submissions: Number(r.submissions),
      guestSubmissions: Number(r.guests),
    };
  });
}

const SORT_KEYS: Record<FormReportSort, (row: FormReportRow) => number | string> = {
  title: (row) => row.title.toLocaleLowerCase(),
  submitted: (row) => row.submitted,
  notStarted: (row) => row.notStarted,
};

export function sortFormRows(rows: FormReportRow[], sort: FormReportSort, order: 'asc' | 'desc') {
  const key = SORT_KEYS[sort];
  const sign = order === 'desc' ? -1 : 1;
  return rows.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    if (x !== y) return (x < y ? -1 : 1) * sign;
    return a.title.localeCompare(b.title) || a.id.localeCompare(b.id);
  });
}

export async function sortedFormRows(db: DbOrTx, scope: EventScope, query: FormReportQuery) {
  return sortFormRows(await formReportRows(db, scope, query), query.sort, query.order);
}

export async function formReport(
  db: DbOrTx,
  scope: EventScope,
  day: ReportDay,
  query: z.output<typeof formReportQuerySchema>,
): Promise<FormReportResponse> {
  const rows = await sortedFormRows(db, scope, query);
  const offset = (query.page - 1) * TABLE_PAGE_SIZE;
  return {
    items: rows.slice(offset, offset + TABLE_PAGE_SIZE),
    total: rows.length,
    page: query.page,
    pageSize: TABLE_PAGE_SIZE,
    today: day.today,
  };
}
