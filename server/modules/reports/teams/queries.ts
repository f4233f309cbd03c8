import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import type { EventScope } from '../../../platform/http/actor';
import { countedReportRows } from '../counts/service';
import type { ReportDay } from '../day/queries';
import { applies, bucketOf, KIND_KEY, TASK_TEAM_TYPES } from '../queries';

export { applies, bucketOf, KIND_KEY, reportRows } from '../queries';

/** What reports know of one team: its logins, its task statuses by due status and its forms. */
export interface TeamFacts {
  teamId: string;
  name: string;
  teamTypeId: string | null;
  teamTypeName: string | null;
  members: number;
  membersLoggedIn: number;
  lastLogin: Date | null;
  complete: number;
  na: number;
  overdue: number;
  dueSoon: number;
  pending: number;
  /** Published forms of the event, and those the team has submitted at least once (drafts aside). */
  forms: number;
  formsSubmitted: number;
  /** Submitted (not draft) submissions of any of the event's forms, and the latest one's time: activity. */
  submitted: number;
  lastSubmitted: Date | null;
}

/** One team's row of the statement, as JSON has it (counts are numbers, times ISO strings). */
type FactsRow = {
  team_id: string;
  name: string;
  team_type_id: string | null;
  team_type_name: string | null;
  members: number;
  logged_in: number;
  last_login: string | null;
  applies_o: number;
  applies_s: number;
  applies_p: number;
  complete: number;
  na: number;
  finished_o: number;
  finished_s: number;
  finished_p: number;
  forms: number;
  forms_submitted: number;
  submitted: number;
  last_submitted: string | null;
};

/**
 * The facts of every team of the event (organiser teams aside: they run the event), or of one, in
 * one statement whatever the number of teams. Tasks that apply are counted per kind of team (team
 * type and child stand share: what visibility reads, a handful of rows) rather than per team and
 * task; only finished statuses are read and subtracted (decision 0005's due-summary approach), so
 * the work grows with the finished statuses, not teams x tasks.
 */
export async function loadTeamFacts(
  db: DbOrTx,
  scope: EventScope,
  day: ReportDay,
  teamId?: string,
): Promise<TeamFacts[]> {
  const { eventId } = scope;
  const [{ facts }] = await countedReportRows<{ facts: string }>(
    db,
    scope,
    day,
    asOneJsonValue(teamFactsQuery(eventId, day, teamId)),
  );
  const rows = JSON.parse(facts) as FactsRow[];
  return rows.map((r) => ({
    teamId: r.team_id,
    name: r.name,
    teamTypeId: r.team_type_id,
    teamTypeName: r.team_type_name,
    members: r.members,
    membersLoggedIn: r.logged_in,
    lastLogin: r.last_login === null ? null : new Date(r.last_login),
    complete: r.complete,
    na: r.na,
    overdue: r.applies_o - r.finished_o,
    dueSoon: r.applies_s - r.finished_s,
    pending: r.applies_p - r.finished_p,
    forms: r.forms,
    formsSubmitted: r.forms_submitted,
    submitted: r.submitted,
    lastSubmitted: r.last_submitted === null ? null : new Date(r.last_submitted),
  }));
}

/**
 * A statement's rows as one JSON text. The team report reads a row per team (5,000 at scale), and
 * PGlite decodes its answer cell by cell in JavaScript: that took as long as the query itself, where
 * one JSON value is parsed natively (the report's facts at 5,000 teams: half the time on PGlite,
 * decision 0055). Dates arrive as ISO strings with their offset.
 */
function asOneJsonValue(query: SQL): SQL {
  return sql`select coalesce(json_agg(f), '[]')::text as facts from (${query}) f`;
}

/** The statement of loadTeamFacts (the bench runs it on its own and explains it). */
export function teamFactsQuery(eventId: string, day: ReportDay, teamId?: string): SQL {
  const oneTeam = teamId ? sql`and tm.id = ${teamId}` : sql``;
  return sql`
    with t as materialized (
      select id, ${TASK_TEAM_TYPES} as team_type_ids, show_to_child_teams, ${bucketOf(day)} as bucket
      from tasks t where event_id = ${eventId} and not is_archived
    ),
    tm as (
      select id, name, team_type_id, stand_share_role, ${KIND_KEY} as type_key from teams tm
      where event_id = ${eventId} and not is_organiser ${oneTeam}
    ),
    kinds as (select distinct team_type_id, stand_share_role, type_key from tm),
    kind_task as (
      select tm.type_key, tm.stand_share_role, t.id as task_id, t.bucket from kinds tm join t on ${applies}
    ),
    kind_tasks as (
      select type_key, stand_share_role,
        count(*) filter (where bucket = 'o')::int as applies_o,
        count(*) filter (where bucket = 's')::int as applies_s,
        count(*) filter (where bucket = 'p')::int as applies_p
      from kind_task group by 1, 2
    ),
    -- Finished statuses per team, kept as statuses change (counts/service.ts): not read per request.
    finished as (
      select team_id, complete, na, finished_o, finished_s, finished_p
      from team_report_counts where event_id = ${eventId}
    ),
    -- Every member with a team; only the teams in tm are joined below (no join here: grouping the
    -- memberships alone took a fifth of the time of grouping them joined to the teams).
    logins as (
      select m.team_id, count(*)::int as members, count(*) filter (where m.has_logged_in)::int as logged_in,
        max(m.last_login_in_time) as last_login
      from memberships m
      where m.event_id = ${eventId} and m.team_id is not null
      group by m.team_id
    ),
    pf as (select id from forms where event_id = ${eventId} and is_published and not is_archived),
    -- Submitted rows per team (activity for the risk score, and the published forms sent), read in
    -- team order from the index of sent submissions (form_submissions_team_sent_idx, which holds
    -- every column read here): no sort and no table read. The published forms are an array, not a
    -- join, so that the scan's order reaches the grouping (a hash join's output has no order).
    subs as (
      select s.team_id,
        count(distinct s.form_id) filter (where s.form_id = any(array(select id from pf)))::int as forms_submitted,
        count(*)::int as submitted, max(coalesce(s.submitted_at, s.created_at)) as last_submitted
      from form_submissions s
      where s.event_id = ${eventId} and not s.is_draft and s.team_id is not null
      group by s.team_id
    )
    select tm.id as team_id, tm.name, tm.team_type_id, tt.name as team_type_name,
      coalesce(l.members, 0) as members, coalesce(l.logged_in, 0) as logged_in, l.last_login,
      coalesce(k.applies_o, 0) as applies_o, coalesce(k.applies_s, 0) as applies_s,
      coalesce(k.applies_p, 0) as applies_p,
      coalesce(f.complete, 0) as complete, coalesce(f.na, 0) as na,
      coalesce(f.finished_o, 0) as finished_o, coalesce(f.finished_s, 0) as finished_s,
      coalesce(f.finished_p, 0) as finished_p,
      (select count(*)::int from pf) as forms, coalesce(sb.forms_submitted, 0) as forms_submitted,
      coalesce(sb.submitted, 0) as submitted, sb.last_submitted
    from tm
    left join team_types tt on tt.id = tm.team_type_id
    left join kind_tasks k on k.type_key = tm.type_key and k.stand_share_role = tm.stand_share_role
    left join finished f on f.team_id = tm.id
    left join logins l on l.team_id = tm.id
    left join subs sb on sb.team_id = tm.id
  `;
}
