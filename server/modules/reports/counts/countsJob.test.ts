import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays } from '../../../../shared/tasks/dueStatus';
import { rowsOf } from '../../../platform/db/rows';
import { createTestApp, makeEvent, type TestApp } from '../../../test/harness';
import { teams } from '../../people/tables';
import { tasks } from '../../tasks/tables';
import { reportDay } from '../day/queries';
import { reportsWorld } from '../reportsTestKit';
import { rebuildDueReportCounts } from './jobs';
import { ensureReportCounts, recountQuery } from './service';

const DAY_MS = 86_400_000;

/**
 * The background rebuild of the kept report counts (counts/jobs.ts): after a new day or a stale edit,
 * the job rebuilds them, so the next report reads them as they are instead of rebuilding.
 */
describe('the report counts job', () => {
  let t: TestApp;
  let eventId: string;
  let unreported: string;
  let world: Awaited<ReturnType<typeof reportsWorld>>;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    world = await reportsWorld(t, eventId);
    unreported = await makeEvent(t, 'Never Reported Expo');
  });
  afterAll(() => t.close());

  const teamReport = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/reports/teams`,
      headers: { cookie: world.cookies.reportViewer },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The row versions of the kept counts: a rebuild deletes and inserts them, so they change. */
  const versions = async () =>
    (
      await rowsOf<{ v: string }>(
        t.ctx.db,
        sql`select team_id::text || ':' || xmin::text as v from team_report_counts
            where event_id = ${eventId} order by team_id`,
      )
    ).map((r) => r.v);
  const dayRow = async (id: string) =>
    rowsOf<{ today: string }>(t.ctx.db, sql`select today from report_count_days where event_id = ${id}`);
  const recount = async (now: Date) => {
    const day = await reportDay(t.ctx.db, { eventId }, now);
    const [kept, fresh] = await Promise.all([
      rowsOf(
        t.ctx.db,
        sql`select team_id, complete, na, finished_o, finished_s, finished_p from team_report_counts
            where event_id = ${eventId} and (complete, na, finished_o, finished_s, finished_p) <> (0, 0, 0, 0, 0)
            order by team_id`,
      ),
      rowsOf(
        t.ctx.db,
        sql`select team_id, complete, na, finished_o, finished_s, finished_p
            from (${recountQuery(eventId, day, 'team')}) r order by team_id`,
      ),
    ]);
    return { kept, fresh };
  };

  it('leaves events nobody has reported on, and current ones, alone', async () => {
    expect(await rebuildDueReportCounts(t.ctx)).toEqual({ rebuilt: [] });
    await teamReport();
    const before = await versions();
    expect(before.length).toBeGreaterThan(0);
    expect(await rebuildDueReportCounts(t.ctx)).toEqual({ rebuilt: [] });
    expect(await versions()).toEqual(before);
    expect(await dayRow(unreported)).toEqual([]);
  });

  it('rebuilds them for a new day, so that day’s report does not', async () => {
    const tomorrow = new Date(Date.now() + DAY_MS);
    const before = await versions();
    expect(await rebuildDueReportCounts(t.ctx, tomorrow)).toEqual({ rebuilt: [eventId] });
    const rebuilt = await versions();
    expect(rebuilt).not.toEqual(before);
    const day = await reportDay(t.ctx.db, { eventId }, tomorrow);
    expect((await dayRow(eventId))[0]?.today).toBe(day.today);
    const { kept, fresh } = await recount(tomorrow);
    expect(kept).toEqual(fresh);
    // The report of that day finds them current: it reads them without rebuilding.
    expect(await t.ctx.db.transaction((tx) => ensureReportCounts(tx, { eventId }, day))).toBe('current');
    expect(await versions()).toEqual(rebuilt);
    // A second run (another worker, a retry) finds nothing to do.
    expect(await rebuildDueReportCounts(t.ctx, tomorrow)).toEqual({ rebuilt: [] });
  });

  it('rebuilds them after an edit marked them stale, so the next report reads them as they are', async () => {
    // Back to today (the clock of the report route) first.
    expect(await rebuildDueReportCounts(t.ctx)).toEqual({ rebuilt: [eventId] });
    const today = (await reportDay(t.ctx.db, { eventId })).today;
    await t.ctx.db
      .update(tasks)
      .set({ dueDate: addCalendarDays(today, -2) })
      .where(eq(tasks.id, world.tasks.later));
    expect((await dayRow(eventId))[0]?.today).toBe('');
    expect(await rebuildDueReportCounts(t.ctx)).toEqual({ rebuilt: [eventId] });
    const { kept, fresh } = await recount(new Date());
    expect(kept).toEqual(fresh);
    const rebuilt = await versions();
    await teamReport();
    expect(await versions()).toEqual(rebuilt);
  });

  it('a deleted team takes its count row with it at once', async () => {
    const { quiet } = world.teams;
    await t.ctx.db.delete(teams).where(eq(teams.id, quiet.id));
    const left = await rowsOf(
      t.ctx.db,
      sql`select 1 from team_report_counts where event_id = ${eventId} and team_id = ${quiet.id}`,
    );
    expect(left).toEqual([]);
    expect(await rebuildDueReportCounts(t.ctx)).toEqual({ rebuilt: [eventId] });
  });
});
