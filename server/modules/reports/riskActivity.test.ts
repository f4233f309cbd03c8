import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamReportResponse } from '../../../shared/reports/api';
import { addCalendarDays, calendarDateIn } from '../../../shared/tasks/dueStatus';
import { createTestApp, makeEvent, type TestApp } from '../../test/harness';
import { formsApi } from '../forms/formsTestKit';
import { formSubmissions } from '../submissions/tables';
import { reportsWorld } from './reportsTestKit';

const DAY = 86_400_000;

/**
 * Submitted submissions are activity in the risk score (decision 0015): Quiet Coffee (logged in 20
 * days ago, nothing complete, one overdue and one due-soon task) moves from "no activity" to active
 * with a submitted submission, never with a draft; and a recent submission stops the inactivity bump.
 */
describe('risk score: submissions are activity', () => {
  let t: TestApp;
  let eventId: string;
  let world: Awaited<ReturnType<typeof reportsWorld>>;
  let formId: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    world = await reportsWorld(t, eventId);
    // An unpublished form: a submission made to it is still the team's activity.
    formId = (await formsApi(t, eventId).createForm(world.cookies.admin, 'Stand build')).form.id;
  });
  afterAll(() => t.close());

  const submit = (teamId: string, isDraft: boolean, daysAgo: number) =>
    t.ctx.db.insert(formSubmissions).values({
      eventId,
      formId,
      teamId,
      isDraft,
      isGuest: false,
      values: {},
      submittedAt: isDraft ? null : new Date(Date.now() - daysAgo * DAY),
    });

  const quietLine = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/reports/teams?search=quiet`,
      headers: { cookie: world.cookies.reportViewer },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [line] = (res.json() as TeamReportResponse).items;
    return line;
  };

  it('a draft is not activity; a submitted submission is (no launch date: base 0.75 -> 0.5)', async () => {
    // 0.5 x 0.75 + 0.5 x 0.6 x (1 + 0.5) / 2 = 60%.
    expect(await quietLine()).toMatchObject({ riskPercent: 60, riskLevel: 'medium' });
    await submit(world.teams.quiet.id, true, 0);
    const withDraft = await quietLine();
    expect(withDraft.riskPercent).toBe(60);
    expect(withDraft.reasons).toContain('no task complete or form submitted yet');

    await submit(world.teams.quiet.id, false, 25);
    // 0.5 x 0.5 + 0.225 = 47.5%.
    const submitted = await quietLine();
    expect(submitted).toMatchObject({ riskPercent: 47.5, riskLevel: 'medium' });
    expect(submitted.reasons).not.toContain('no task complete or form submitted yet');
    // Logged in 20 days ago, submitted 25 days ago: the login is the latest activity.
    expect(submitted.reasons[0]).toBe('last login 20 days ago');
  });

  it('with a launch date, the latest of login and submission sets the inactivity bump', async () => {
    const today = calendarDateIn(new Date(), 'Europe/London');
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${eventId}/settings/event`,
      headers: { cookie: world.cookies.admin },
      payload: { launchDate: addCalendarDays(today, -42) },
    });
    expect(put.statusCode, put.body).toBe(200);
    // Active, 4 weeks past grace (0 + 0.2, cap 0.5), quiet 20 days since the login: +0.1 -> base 0.3.
    // 0.5 x 0.3 + 0.225 = 37.5%.
    expect((await quietLine()).riskPercent).toBe(37.5);

    await submit(world.teams.quiet.id, false, 2);
    // A submission two days ago: quiet 2 days, no bump -> base 0.2: 0.1 + 0.225 = 32.5%.
    const recent = await quietLine();
    expect(recent.riskPercent).toBe(32.5);
    expect(recent.reasons.some((r) => r.startsWith('last login'))).toBe(false);
  });

  it("another team's submission does not count for this one", async () => {
    const sleepyBefore = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/reports/teams?search=sleepy`,
      headers: { cookie: world.cookies.reportViewer },
    });
    const before = (sleepyBefore.json() as TeamReportResponse).items[0];
    // Never logged in stays the login cap even with a submission (spec: "never logged").
    await submit(world.teams.sleepy.id, false, 1);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/reports/teams?search=sleepy`,
      headers: { cookie: world.cookies.reportViewer },
    });
    expect((after.json() as TeamReportResponse).items[0].riskPercent).toBe(before.riskPercent);
    expect((await quietLine()).riskPercent).toBe(32.5);
  });
});
