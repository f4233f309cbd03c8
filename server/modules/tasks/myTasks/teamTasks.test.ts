import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { settings } from '../../events/tables';
import { teamApi } from '../../people/teamTestKit';
import { taskStatuses } from '../tables';

type Section = {
  groupId: string;
  title: string;
  tasks: { id: string; title: string; status: string; restriction: string | null }[];
};

describe('tasks of a team: list, progress and approval', () => {
  let t: TestApp;
  let eventId: string;
  let api: ReturnType<typeof teamApi>;
  let admin: string;
  let moderator: string;
  let exhibitor: { id: string; cookie: string };
  let sponsor: { id: string; cookie: string };
  let exhibitorType: string;
  let sponsorType: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    api = teamApi(t, eventId);
    admin = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
    moderator = await signIn(t, (await makeUser(t, eventId, 'moderator')).email);
    exhibitorType = (await api.call('POST', admin, '/team-types', { name: 'Exhibitor' })).json().id;
    sponsorType = (await api.call('POST', admin, '/team-types', { name: 'Sponsor' })).json().id;
    exhibitor = await api.ownedTeam(admin, 'Harbour Bakery');
    sponsor = await api.ownedTeam(admin, 'Big Sponsor');
    await api.call('PATCH', admin, `/teams/${exhibitor.id}`, { teamTypeId: exhibitorType });
    await api.call('PATCH', admin, `/teams/${sponsor.id}`, { teamTypeId: sponsorType });
  });
  afterAll(() => t.close());

  const newTask = async (body: object) => {
    const res = await api.call('POST', admin, '/tasks', body);
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json() as { id: string };
  };
  const sections = async (cookie: string) =>
    (await api.call('GET', cookie, '/my-tasks')).json().sections as Section[];
  const titlesOf = (list: Section[]) => list.flatMap((s) => s.tasks.map((task) => task.title));

  it('shows each team the tasks of its type, grouped with the Unassigned group, archived left out', async () => {
    const group = (await api.call('POST', admin, '/task-groups', { title: 'Before the show' })).json();
    await newTask({ title: 'Zebra badge', dueDate: '2099-01-01', groupId: group.id });
    await newTask({ title: 'Apron order', dueDate: '2099-01-01', groupId: group.id });
    await newTask({ title: 'For exhibitors', dueDate: '2099-01-01', teamTypeIds: [exhibitorType] });
    await newTask({ title: 'For sponsors', dueDate: '2099-01-01', teamTypeIds: [sponsorType] });
    const old = await newTask({ title: 'Archived one', dueDate: '2099-01-01' });
    await api.call('POST', admin, `/tasks/${old.id}/archive`);

    const mine = await sections(exhibitor.cookie);
    // The group keeps the order tasks were added in; Unassigned follows, by title.
    expect(mine.map((s) => [s.title, s.tasks.map((task) => task.title)])).toEqual([
      ['Before the show', ['Zebra badge', 'Apron order']],
      ['Unassigned', ['For exhibitors']],
    ]);
    const restricted = mine[1].tasks[0];
    expect(restricted.restriction).toBe('only applicable to 1 team type(s)');
    expect(titlesOf(await sections(sponsor.cookie))).toEqual(['Zebra badge', 'Apron order', 'For sponsors']);
  });

  it('answers an empty list to someone in no team, and refuses them a status', async () => {
    const loner = await signIn(t, (await makeUser(t, eventId, 'user')).email);
    const res = (await api.call('GET', loner, '/my-tasks')).json();
    expect(res).toMatchObject({ teamId: null, sections: [] });
    const task = await newTask({ title: 'Anything', dueDate: '2099-01-01' });
    const put = await api.call('PUT', loner, `/tasks/${task.id}/status`, { progressStatus: 'complete' });
    expect(put.statusCode).toBe(403);
    expect(put.json().error.message).toBe('You are not in a team');
  });

  it('gives the status chips from the due date in the event zone and dueSoonDays', async () => {
    await t.ctx.db
      .update(settings)
      .set({ data: { dueSoonDays: 5 } })
      .where(and(eq(settings.eventId, eventId), eq(settings.name, 'variables')));
    const overdue = await newTask({ title: 'Chip overdue', dueDate: '2020-01-01' });
    const soon = await newTask({
      title: 'Chip soon',
      dueDate: (await api.call('GET', admin, '/my-tasks')).json().today,
    });
    const na = await newTask({ title: 'Chip na', dueDate: '2020-01-01' });
    await api.call('PUT', exhibitor.cookie, `/tasks/${na.id}/status`, { progressStatus: 'n/a' });
    const status = async (id: string) =>
      (await sections(exhibitor.cookie)).flatMap((s) => s.tasks).find((task) => task.id === id)?.status;
    expect(await status(overdue.id)).toBe('overdue');
    expect(await status(soon.id)).toBe('dueSoon');
    expect(await status(na.id)).toBe('n/a');
    expect(titlesOf(await sections(exhibitor.cookie))).toContain('For exhibitors');
    expect(
      (await sections(exhibitor.cookie)).flatMap((s) => s.tasks).find((x) => x.title === 'For exhibitors')
        ?.status,
    ).toBe('incomplete');
  });

  it("refuses bad progress with 400, a task the team cannot see with 404, and another event's task", async () => {
    const task = await newTask({ title: 'Progress', dueDate: '2099-01-01' });
    const bad = await api.call('PUT', exhibitor.cookie, `/tasks/${task.id}/status`, {
      progressStatus: 'done',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Invalid progress');
    const hidden = await newTask({
      title: 'Sponsors only',
      dueDate: '2099-01-01',
      teamTypeIds: [sponsorType],
    });
    const refused = await api.call('PUT', exhibitor.cookie, `/tasks/${hidden.id}/status`, {
      progressStatus: 'complete',
    });
    expect(refused.statusCode).toBe(404);
    const rows = await t.ctx.db.select().from(taskStatuses).where(eq(taskStatuses.taskId, hidden.id));
    expect(rows).toEqual([]);
    const otherEvent = await makeEvent(t, 'Elsewhere');
    const otherAdmin = await signIn(t, (await makeUser(t, otherEvent, 'admin')).email);
    const foreign = (
      await api.call('POST', otherAdmin, '/tasks', { title: 'Foreign', dueDate: '2099-01-01' }, otherEvent)
    ).json();
    const cross = await api.call('PUT', exhibitor.cookie, `/tasks/${foreign.id}/status`, {
      progressStatus: 'complete',
    });
    expect(cross.statusCode).toBe(404);
  });

  it('runs the approval flow: pending, rejected with a review, completed again, approved, locked', async () => {
    const task = await newTask({ title: 'Approve me', dueDate: '2099-01-01', isApprovalNeeded: true });
    const put = (progressStatus: string, cookie = exhibitor.cookie) =>
      api.call('PUT', cookie, `/tasks/${task.id}/status`, { progressStatus });
    const reviewAs = (cookie: string, body: object, teamId = exhibitor.id) =>
      api.call('POST', cookie, `/tasks/${task.id}/teams/${teamId}/review`, body);

    expect((await reviewAs(moderator, { decision: 'approved' })).statusCode).toBe(409);
    expect((await put('complete')).json()).toMatchObject({
      progressStatus: 'complete',
      approvalStatus: 'pending',
    });
    // Only organisers review, and a team's owner may not review even their own team.
    expect((await reviewAs(exhibitor.cookie, { decision: 'approved' })).statusCode).toBe(403);
    const noReview = await reviewAs(moderator, { decision: 'rejected' });
    expect(noReview.statusCode).toBe(400);
    expect(noReview.json().error.message).toBe('Enter a review to explain the rejection');
    const rejected = await reviewAs(moderator, { decision: 'rejected', review: 'Wrong file' });
    expect(rejected.json()).toMatchObject({ progressStatus: 'incomplete', approvalStatus: 'rejected' });
    let mine = (await sections(exhibitor.cookie)).flatMap((s) => s.tasks).find((x) => x.id === task.id);
    expect(mine).toMatchObject({ approval: { status: 'rejected', label: 'Rejected', review: 'Wrong file' } });

    await put('complete');
    const approved = await reviewAs(admin, { decision: 'approved', review: 'Thanks' });
    expect(approved.json().approvalHistory.map((h: { status: string }) => h.status)).toEqual([
      'rejected',
      'approved',
    ]);
    mine = (await sections(exhibitor.cookie)).flatMap((s) => s.tasks).find((x) => x.id === task.id);
    expect(mine).toMatchObject({ status: 'complete', approval: { label: 'Approved' } });
    const locked = await put('incomplete');
    expect(locked.statusCode).toBe(403);
    // Another team's status is its own: the sponsor still has nothing pending.
    expect((await reviewAs(moderator, { decision: 'approved' }, sponsor.id)).statusCode).toBe(409);
    expect(
      (await reviewAs(moderator, { decision: 'approved' }, '00000000-0000-4000-8000-000000000000'))
        .statusCode,
    ).toBe(404);
  });
});
