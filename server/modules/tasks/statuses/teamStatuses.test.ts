import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, calendarDateIn } from '../../../../shared/tasks/dueStatus';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { teams } from '../../people/tables';
import { teamApi } from '../../people/teamTestKit';
import { taskStatuses } from '../tables';

describe("every team's status of a task, bulk status, due summary (admin)", () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let api: ReturnType<typeof teamApi>;
  const cookies: Record<string, string> = {};
  const teamIds: Record<string, string> = {};
  let otherTeamId: string;
  const today = calendarDateIn(new Date(), 'Europe/London');

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    api = teamApi(t, eventId);
    for (const level of ['user', 'reportViewer', 'moderator', 'admin'] as const) {
      cookies[level] = await signIn(t, (await makeUser(t, eventId, level)).email);
    }
    const otherAdmin = await makeUser(t, otherEventId, 'admin');
    cookies.otherAdmin = await signIn(t, otherAdmin.email);
    const type = (await api.call('POST', cookies.admin, '/team-types', { name: 'Caterer' })).json();
    for (const name of ['Anchor Bakery', 'Brine Fish', 'Copper Kettle']) {
      teamIds[name] = (await api.createTeam(cookies.admin, name)).id;
    }
    teamIds['Dune Caterers'] = (
      await api.createTeam(cookies.admin, 'Dune Caterers', { teamTypeId: type.id })
    ).id;
    otherTeamId = (await teamApi(t, otherEventId).createTeam(cookies.otherAdmin, 'Elsewhere Ltd')).id;
    cookies.typeId = type.id;
  });
  afterAll(() => t.close());

  const newTask = async (body: object) => {
    const res = await api.call('POST', cookies.moderator, '/tasks', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  };
  const rows = async (taskId: string, query = '') => {
    const res = await api.call('GET', cookies.moderator, `/tasks/${taskId}/teams${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      total: number;
      items: { teamName: string; status: string; approvalLabel: string | null; updatedBy: string | null }[];
    };
  };

  it('lists every team that sees the task with its chip, by team name, and filters and searches', async () => {
    const overdue = await newTask({ title: 'Send menu', dueDate: addCalendarDays(today, -3) });
    const list = await rows(overdue.id);
    expect(list.total).toBe(4);
    expect(list.items.map((r) => r.teamName)).toEqual([
      'Anchor Bakery',
      'Brine Fish',
      'Copper Kettle',
      'Dune Caterers',
    ]);
    expect(list.items.every((r) => r.status === 'overdue' && r.updatedBy === null)).toBe(true);
    expect((await rows(overdue.id, '?order=desc')).items.map((r) => r.teamName)[0]).toBe('Dune Caterers');
    expect(await rows(overdue.id, '?page=2')).toMatchObject({ total: 4, items: [] });

    const bulk = await api.call('POST', cookies.moderator, `/tasks/${overdue.id}/teams/status`, {
      teamIds: [teamIds['Brine Fish'], teamIds['Copper Kettle']],
      progressStatus: 'complete',
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toEqual({ updated: 2, unchanged: 0, refused: [] });
    const again = await api.call('POST', cookies.moderator, `/tasks/${overdue.id}/teams/status`, {
      teamIds: [teamIds['Brine Fish']],
      progressStatus: 'complete',
    });
    expect(again.json()).toEqual({ updated: 0, unchanged: 1, refused: [] });

    expect((await rows(overdue.id, '?status=complete')).items.map((r) => r.teamName)).toEqual([
      'Brine Fish',
      'Copper Kettle',
    ]);
    expect((await rows(overdue.id, '?status=overdue')).total).toBe(2);
    expect((await rows(overdue.id, '?status=dueSoon')).total).toBe(0);
    expect((await rows(overdue.id, '?search=kett')).items.map((r) => r.status)).toEqual(['complete']);
    const byStatus = await rows(overdue.id, '?sort=status');
    expect(byStatus.items.map((r) => r.status)).toEqual(['complete', 'complete', 'overdue', 'overdue']);
    expect(byStatus.items[0].updatedBy).toBe('Test moderator');
  });

  it('leaves out teams of another type for a restricted task', async () => {
    const restricted = await newTask({
      title: 'Hygiene certificate',
      dueDate: addCalendarDays(today, 5),
      teamTypeIds: [cookies.typeId],
    });
    const list = await rows(restricted.id);
    expect(list.items.map((r) => [r.teamName, r.status])).toEqual([['Dune Caterers', 'dueSoon']]);
    const refused = await api.call('POST', cookies.moderator, `/tasks/${restricted.id}/teams/status`, {
      teamIds: [teamIds['Anchor Bakery']],
      progressStatus: 'n/a',
    });
    expect(refused.statusCode).toBe(404);
  });

  it('sends approval tasks to pending review when organisers complete them in bulk', async () => {
    const task = await newTask({
      title: 'Stand plan',
      dueDate: addCalendarDays(today, 60),
      isApprovalNeeded: true,
    });
    await api.call('POST', cookies.admin, `/tasks/${task.id}/teams/status`, {
      teamIds: [teamIds['Anchor Bakery']],
      progressStatus: 'complete',
    });
    const list = await rows(task.id, '?status=complete');
    expect(list.items).toMatchObject([{ teamName: 'Anchor Bakery', approvalLabel: 'Awaiting approval' }]);
    expect((await rows(task.id, '?status=incomplete')).total).toBe(3);
  });

  it('filters by user action status: awaiting approval, approved or rejected', async () => {
    const task = await newTask({
      title: 'Stand design',
      dueDate: addCalendarDays(today, 60),
      isApprovalNeeded: true,
    });
    await api.call('POST', cookies.admin, `/tasks/${task.id}/teams/status`, {
      teamIds: [teamIds['Anchor Bakery'], teamIds['Brine Fish'], teamIds['Copper Kettle']],
      progressStatus: 'complete',
    });
    const review = (team: string, decision: string) =>
      api.call('POST', cookies.moderator, `/tasks/${task.id}/teams/${teamIds[team]}/review`, {
        decision,
        review: 'Checked against the floor plan',
      });
    expect((await review('Brine Fish', 'approved')).statusCode).toBe(200);
    expect((await review('Copper Kettle', 'rejected')).statusCode).toBe(200);
    const names = async (query: string) => (await rows(task.id, query)).items.map((r) => r.teamName);
    expect(await names('?actionStatus=pending')).toEqual(['Anchor Bakery']);
    expect(await names('?actionStatus=approved')).toEqual(['Brine Fish']);
    expect(await names('?actionStatus=rejected')).toEqual(['Copper Kettle']);
    expect((await rows(task.id, '?actionStatus=approved')).total).toBe(1);
    // With the status filter too; and sorted by status, the other query path.
    expect(await names('?actionStatus=pending&status=complete')).toEqual(['Anchor Bakery']);
    expect(await names('?actionStatus=pending&status=incomplete')).toEqual([]);
    expect(await names('?actionStatus=rejected&sort=status')).toEqual(['Copper Kettle']);

    // Approval switched off: a completion still pending awaits nobody (its row shows no label).
    const off = await api.call('PUT', cookies.admin, `/tasks/${task.id}`, {
      title: 'Stand design',
      dueDate: addCalendarDays(today, 60),
      isApprovalNeeded: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await names('?actionStatus=pending')).toEqual([]);
  });

  it('refuses users and report viewers, another event, another event’s teams and bad input', async () => {
    const task = await newTask({ title: 'Insurance', dueDate: addCalendarDays(today, 10) });
    for (const level of ['user', 'reportViewer'] as const) {
      expect((await api.call('GET', cookies[level], `/tasks/${task.id}/teams`)).statusCode).toBe(403);
      const res = await api.call('POST', cookies[level], `/tasks/${task.id}/teams/status`, {
        teamIds: [teamIds['Anchor Bakery']],
        progressStatus: 'complete',
      });
      expect(res.statusCode).toBe(403);
      expect((await api.call('GET', cookies[level], '/tasks/due-summary')).statusCode).toBe(403);
    }
    const other = teamApi(t, otherEventId);
    expect((await other.call('GET', cookies.otherAdmin, `/tasks/${task.id}/teams`)).statusCode).toBe(404);
    expect(
      (
        await other.call('POST', cookies.otherAdmin, `/tasks/${task.id}/teams/status`, {
          teamIds: [otherTeamId],
          progressStatus: 'complete',
        })
      ).statusCode,
    ).toBe(404);
    // Another event's team in this event's task: refused, and nothing stored for any team.
    const mixed = await api.call('POST', cookies.admin, `/tasks/${task.id}/teams/status`, {
      teamIds: [teamIds['Anchor Bakery'], otherTeamId],
      progressStatus: 'complete',
    });
    expect(mixed.statusCode).toBe(404);
    for (const body of [
      { teamIds: [], progressStatus: 'complete' },
      { teamIds: [teamIds['Anchor Bakery']], progressStatus: 'done' },
      { teamIds: ['nope'], progressStatus: 'complete' },
      { teamIds: [teamIds['Anchor Bakery']], progressStatus: 'complete', extra: 1 },
    ]) {
      const res = await api.call('POST', cookies.admin, `/tasks/${task.id}/teams/status`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe('Invalid progress');
    }
    const stored = await t.ctx.db
      .select()
      .from(taskStatuses)
      .where(and(eq(taskStatuses.eventId, eventId), eq(taskStatuses.taskId, task.id)));
    expect(stored).toEqual([]);
    expect((await api.call('GET', cookies.admin, `/tasks/${task.id}/teams?status=late`)).statusCode).toBe(
      400,
    );
    expect((await api.call('GET', cookies.admin, `/tasks/${task.id}/teams?sort=owner`)).statusCode).toBe(400);
    const badAction = await api.call('GET', cookies.admin, `/tasks/${task.id}/teams?actionStatus=done`);
    expect([badAction.statusCode, badAction.json().error.message]).toEqual([400, 'Invalid progress']);
    expect(
      (await other.call('GET', cookies.otherAdmin, `/tasks/${task.id}/teams?actionStatus=pending`))
        .statusCode,
    ).toBe(404);
  });

  it('counts overdue and due-soon statuses of teams across the event, leaving out organisers and finished ones', async () => {
    const event = await makeEvent(t, 'Count Show');
    const cookie = await signIn(t, (await makeUser(t, event, 'admin')).email);
    const count = teamApi(t, event);
    const a = (await count.createTeam(cookie, 'Alpha')).id;
    await count.createTeam(cookie, 'Beta');
    const organisers = (await count.createTeam(cookie, 'Organisers')).id;
    await t.ctx.db.update(teams).set({ isOrganiser: true }).where(eq(teams.id, organisers));
    const make = async (dueDate: string) =>
      (await count.call('POST', cookie, '/tasks', { title: `Due ${dueDate}`, dueDate })).json() as {
        id: string;
      };
    const late = await make(addCalendarDays(today, -1));
    await make(today);
    await make(addCalendarDays(today, 30));
    await make(addCalendarDays(today, 31));
    await count.call('POST', cookie, `/tasks/${late.id}/teams/status`, {
      teamIds: [a],
      progressStatus: 'n/a',
    });
    const summary = await count.call('GET', cookie, '/tasks/due-summary');
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toEqual({
      today,
      dueSoonUntil: addCalendarDays(today, 30),
      overdue: 1,
      dueSoon: 4,
    });
  });
});
