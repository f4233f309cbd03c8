import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, calendarDateIn } from '../../../../shared/tasks/dueStatus';
import { rowsOf } from '../../../platform/db/rows';
import { createTestApp, makeEvent, type TestApp } from '../../../test/harness';
import { teams } from '../../people/tables';
import { taskStatuses, tasks, taskTeamTypes } from '../../tasks/tables';
import { reportDay } from '../day/queries';
import { reportsWorld } from '../reportsTestKit';
import { ensureReportCounts, recountQuery } from './service';

/**
 * The kept report counts (migration 0015_report_counts) always equal a recount from the statuses:
 * after single and bulk inserts, upserts, updates and deletes of statuses (the trigger, in the same
 * transaction), and after the edits that mark them stale (then the next report rebuilds them).
 */
describe('report counts kept as statuses change', () => {
  let t: TestApp;
  let eventId: string;
  let world: Awaited<ReturnType<typeof reportsWorld>>;
  let taskIds: string[];
  let teamIds: string[];

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    world = await reportsWorld(t, eventId);
    const { active, quiet, sleepy, formula, organisers } = world.teams;
    teamIds = [active.id, quiet.id, sleepy.id, formula.id, organisers.id];
    const { overdue, dueSoon, later, sponsorOnly } = world.tasks;
    taskIds = [overdue, dueSoon, later, sponsorOnly];
  });
  afterAll(() => t.close());

  type Counts = Record<string, number[]>;
  const nonZero = (rows: { id: string; values: number[] }[]): Counts =>
    Object.fromEntries(rows.filter((r) => r.values.some((v) => v !== 0)).map((r) => [r.id, r.values]));

  const kept = async (): Promise<{ teams: Counts; tasks: Counts }> => {
    const teamRows = await rowsOf<Record<string, number | string>>(
      t.ctx.db,
      sql`select * from team_report_counts where event_id = ${eventId}`,
    );
    const taskRows = await rowsOf<Record<string, number | string>>(
      t.ctx.db,
      sql`select * from task_report_counts where event_id = ${eventId}`,
    );
    return {
      teams: nonZero(
        teamRows.map((r) => ({
          id: String(r.team_id),
          values: [r.complete, r.na, r.finished_o, r.finished_s, r.finished_p].map(Number),
        })),
      ),
      tasks: nonZero(
        taskRows.map((r) => ({ id: String(r.task_id), values: [r.complete, r.na].map(Number) })),
      ),
    };
  };

  const recounted = async (): Promise<{ teams: Counts; tasks: Counts }> => {
    const day = await reportDay(t.ctx.db, { eventId });
    const teamRows = await rowsOf<Record<string, number | string>>(
      t.ctx.db,
      recountQuery(eventId, day, 'team'),
    );
    const taskRows = await rowsOf<Record<string, number | string>>(
      t.ctx.db,
      recountQuery(eventId, day, 'task'),
    );
    return {
      teams: nonZero(
        teamRows.map((r) => ({
          id: String(r.team_id),
          values: [r.complete, r.na, r.finished_o, r.finished_s, r.finished_p].map(Number),
        })),
      ),
      tasks: nonZero(
        taskRows.map((r) => ({ id: String(r.task_id), values: [r.complete, r.na].map(Number) })),
      ),
    };
  };

  const isCurrent = async () =>
    (await rowsOf(t.ctx.db, sql`select 1 from report_count_days where event_id = ${eventId} and today <> ''`))
      .length === 1;

  /** After a status write: the trigger kept the counts, no rebuild needed. */
  const expectKept = async () => {
    expect(await isCurrent()).toBe(true);
    expect(await kept()).toEqual(await recounted());
  };

  /** After an edit that moves statuses between buckets: marked stale, and the next report rebuilds them right. */
  const expectStaleThenRebuilt = async () => {
    expect(await isCurrent()).toBe(false);
    const day = await reportDay(t.ctx.db, { eventId });
    expect(await t.ctx.db.transaction((tx) => ensureReportCounts(tx, { eventId }, day))).toBe('rebuilt');
    await expectKept();
  };

  const status = (taskId: string, teamId: string) =>
    and(eq(taskStatuses.eventId, eventId), eq(taskStatuses.taskId, taskId), eq(taskStatuses.teamId, teamId));

  it('are built by the first report and match a recount', async () => {
    expect(await isCurrent()).toBe(false);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/reports/teams`,
      headers: { cookie: world.cookies.reportViewer },
    });
    expect(res.statusCode).toBe(200);
    await expectKept();
    expect(Object.keys((await kept()).teams).length).toBeGreaterThan(0);
    const day = await reportDay(t.ctx.db, { eventId });
    expect(await t.ctx.db.transaction((tx) => ensureReportCounts(tx, { eventId }, day))).toBe('current');
  });

  it('follow single and bulk inserts, upserts, updates and deletes', async () => {
    const { quiet, sleepy, formula, organisers } = world.teams;
    const { overdue, dueSoon, later, sponsorOnly } = world.tasks;
    // One insert; then a bulk insert of several teams and tasks (organisers and a task that does not apply to Quiet included).
    await t.ctx.db
      .insert(taskStatuses)
      .values({ eventId, taskId: overdue, teamId: quiet.id, progressStatus: 'complete' });
    await expectKept();
    await t.ctx.db.insert(taskStatuses).values([
      { eventId, taskId: dueSoon, teamId: quiet.id, progressStatus: 'n/a' },
      { eventId, taskId: sponsorOnly, teamId: quiet.id, progressStatus: 'complete' },
      { eventId, taskId: sponsorOnly, teamId: sleepy.id, progressStatus: 'complete' },
      { eventId, taskId: later, teamId: formula.id, progressStatus: 'incomplete' },
      { eventId, taskId: later, teamId: organisers.id, progressStatus: 'complete' },
    ]);
    await expectKept();
    // Upserts as the task routes write them: one row inserted and one updated in one statement.
    await t.ctx.db
      .insert(taskStatuses)
      .values([
        { eventId, taskId: later, teamId: formula.id, progressStatus: 'complete' },
        { eventId, taskId: dueSoon, teamId: sleepy.id, progressStatus: 'n/a' },
      ])
      .onConflictDoUpdate({
        target: [taskStatuses.eventId, taskStatuses.taskId, taskStatuses.teamId],
        set: { progressStatus: sql`excluded.progress_status` },
      });
    await expectKept();
    // Single update (complete -> n/a -> incomplete), a bulk update of every status of a task, an update that changes nothing counted.
    await t.ctx.db.update(taskStatuses).set({ progressStatus: 'n/a' }).where(status(overdue, quiet.id));
    await expectKept();
    await t.ctx.db
      .update(taskStatuses)
      .set({ progressStatus: 'incomplete' })
      .where(status(overdue, quiet.id));
    await expectKept();
    await t.ctx.db
      .update(taskStatuses)
      .set({ progressStatus: 'complete' })
      .where(and(eq(taskStatuses.eventId, eventId), eq(taskStatuses.taskId, later)));
    await expectKept();
    await t.ctx.db
      .update(taskStatuses)
      .set({ approvalReview: 'ok' })
      .where(eq(taskStatuses.eventId, eventId));
    await expectKept();
    // One delete, then a bulk delete.
    await t.ctx.db.delete(taskStatuses).where(status(dueSoon, quiet.id));
    await expectKept();
    await t.ctx.db
      .delete(taskStatuses)
      .where(and(eq(taskStatuses.eventId, eventId), inArray(taskStatuses.teamId, [sleepy.id, formula.id])));
    await expectKept();
  });

  it("the organisers' bulk status change (the tasks route) is kept too", async () => {
    const { active, formula, sleepy } = world.teams;
    const res = await world.api.call(
      'POST',
      world.cookies.admin,
      `/tasks/${world.tasks.later}/teams/status`,
      {
        teamIds: [active.id, formula.id, sleepy.id],
        progressStatus: 'n/a',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    await expectKept();
    expect((await kept()).tasks[world.tasks.later]?.[1]).toBeGreaterThanOrEqual(2);
  });

  it("are rebuilt after a task's due date, archive or visibility changes, and after a deletion", async () => {
    const today = calendarDateIn(new Date(), 'Europe/London');
    await t.ctx.db
      .update(tasks)
      .set({ dueDate: addCalendarDays(today, 1) })
      .where(eq(tasks.id, world.tasks.later));
    await expectStaleThenRebuilt();
    await t.ctx.db.update(tasks).set({ isArchived: true }).where(eq(tasks.id, world.tasks.dueSoon));
    await expectStaleThenRebuilt();
    // The team type list is a join table (decision 0065): removing the task's types is a change too.
    await t.ctx.db.delete(taskTeamTypes).where(eq(taskTeamTypes.ownerId, world.tasks.sponsorOnly));
    await expectStaleThenRebuilt();
    await t.ctx.db
      .update(teams)
      .set({ teamTypeId: world.types.sponsor })
      .where(eq(teams.id, world.teams.active.id));
    await expectStaleThenRebuilt();
    // A title edit moves nothing: the counts stay current.
    await t.ctx.db.update(tasks).set({ title: 'Renamed' }).where(eq(tasks.id, world.tasks.later));
    await expectKept();
    await t.ctx.db.delete(tasks).where(eq(tasks.id, world.tasks.later));
    await expectStaleThenRebuilt();
    await t.ctx.db.delete(teams).where(eq(teams.id, world.teams.quiet.id));
    await expectStaleThenRebuilt();
    expect(teamIds.length + taskIds.length).toBe(9);
  });

  it('a changed due-soon window or a new day rebuilds them', async () => {
    const day = await reportDay(t.ctx.db, { eventId });
    const tomorrow = {
      ...day,
      today: addCalendarDays(day.today, 1),
      dueSoonUntil: addCalendarDays(day.dueSoonUntil, 1),
    };
    expect(await t.ctx.db.transaction((tx) => ensureReportCounts(tx, { eventId }, tomorrow))).toBe('rebuilt');
    expect(await t.ctx.db.transaction((tx) => ensureReportCounts(tx, { eventId }, day))).toBe('rebuilt');
    await expectKept();
  });
});
