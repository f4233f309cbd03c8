import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/rows';
import { withTransaction } from '../../platform/db/transaction';
import { letsTeamTypeSee, teamTypeIdsOf } from '../people/teamTypes/links/queries';
import { taskTeamTypes } from '../tasks/tables';
import type { ReportDay } from './day/queries';

/**
 * A report statement run with PostgreSQL's JIT compilation off. The reports read every finished
 * status of the event, so the planner's cost passes jit_above_cost and PostgreSQL compiled the
 * statement's expressions (127 functions) before running it, on every request: about 400 ms of a
 * 2.5 s run at 1.5 M statuses on a loaded machine, and never won back by a statement that runs once
 * (docs/benchmarks.md). `set local` keeps the setting inside this statement's transaction; PGlite
 * has no JIT and accepts the setting.
 */
export async function reportRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return withTransaction(db, async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local work_mem = '32MB'`);
    return rowsOf<T>(tx, query);
  });
}

/**
 * A task's team type list (tasks as t), as the uuid[] that `applies` reads: the reports' task sets
 * select it as team_type_ids once per task (decision 0065), so the test per status stays in memory.
 * Their task CTE is MATERIALIZED: inlined into a join with the statuses, the subquery would run once
 * per status rather than once per task.
 */
export const TASK_TEAM_TYPES = teamTypeIdsOf(taskTeamTypes, sql.raw('t.event_id'), sql.raw('t.id'));

/**
 * A task (alias t, a set carrying team_type_ids as TASK_TEAM_TYPES) applies to a team (alias tm):
 * the spec's visibility for a team, organisers aside.
 */
export const applies = sql.raw(
  `(cardinality(t.team_type_ids) = 0 or tm.team_type_id = any(t.team_type_ids)) and (tm.stand_share_role <> 'child' or t.show_to_child_teams)`,
);

/**
 * A team's type as a join key (no type is the nil uuid), to match each team to the task counts of its
 * kind. Finished statuses are not joined through the kinds: PostgreSQL then misjudged the rows of the
 * kind-task pairs and looked statuses up pair by pair (1.3 M index probes, 2.7 s); joined to tasks
 * with the visibility test per status it reads each team's range of the finished-status index once
 * (0.43 s at 1.5 M statuses; docs/benchmarks.md).
 */
/** `applies` for rows of the tasks table itself (alias t): its team types read from task_team_types. */
export const appliesToTaskRow = sql`${letsTeamTypeSee(taskTeamTypes, sql.raw('t.event_id'), sql.raw('t.id'), sql.raw('tm.team_type_id'))}
  and (tm.stand_share_role <> 'child' or t.show_to_child_teams)`;

export const KIND_KEY = sql.raw(`coalesce(tm.team_type_id, '00000000-0000-0000-0000-000000000000'::uuid)`);

/** The due bucket of a task on the report day: o(verdue), s(oon) or p(ending). */
export const bucketOf = (day: ReportDay) =>
  sql`case when t.due_date < ${day.today} then 'o' when t.due_date <= ${day.dueSoonUntil} then 's' else 'p' end`;
