import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { taskStatuses } from '../tables';
import { teamTaskWorld } from '../teamTaskTestKit';
import { taskDisclaimerAcceptances } from './tables';

describe('assignees and disclaimers of a team', () => {
  let t: TestApp;
  let eventId: string;
  let w: Awaited<ReturnType<typeof teamTaskWorld>>;
  let member: Awaited<ReturnType<typeof w.member>>;
  let sponsorMember: Awaited<ReturnType<typeof w.member>>;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    w = await teamTaskWorld(t, eventId);
    member = await w.member(w.exhibitor.id, 'Nadia', 'Okafor');
    sponsorMember = await w.member(w.sponsor.id, 'Sam', 'Sponsor');
  });
  afterAll(() => t.close());

  const base = (taskId: string, teamId: string) => `/tasks/${taskId}/teams/${teamId}`;
  const assign = (cookie: string, taskId: string, body: object, teamId = w.exhibitor.id) =>
    w.api.call('PUT', cookie, `${base(taskId, teamId)}/assignees`, body);

  it('assigns and unassigns members of the team; the list and the drawer show them', async () => {
    const task = await w.newTask({ title: 'Book power' });
    const added = await assign(member.cookie, task.id, { add: [member.id, w.exhibitor.ownerId] });
    expect(added.statusCode).toBe(200);
    expect(added.json().assignedTo).toEqual([member.id, w.exhibitor.ownerId]);
    // Adding again changes nothing; removing takes the id out.
    expect((await assign(member.cookie, task.id, { add: [member.id] })).json().assignedTo).toHaveLength(2);
    expect((await assign(w.exhibitor.cookie, task.id, { remove: [member.id] })).json().assignedTo).toEqual([
      w.exhibitor.ownerId,
    ]);
    // Organisers assign in any team.
    expect((await assign(w.moderator.cookie, task.id, { add: [member.id] })).statusCode).toBe(200);

    const work = (await w.api.call('GET', member.cookie, `${base(task.id, w.exhibitor.id)}/work`)).json();
    expect(work).toMatchObject({ assignedTo: [w.exhibitor.ownerId, member.id], can: { assign: true } });
    expect(work.members.map((m: { id: string }) => m.id).sort()).toEqual(
      [member.id, w.exhibitor.ownerId].sort(),
    );
    const summary = (await w.api.call('GET', member.cookie, '/my-tasks/work')).json();
    expect(summary.tasks.find((s: { taskId: string }) => s.taskId === task.id)).toMatchObject({
      assignedTo: [w.exhibitor.ownerId, member.id],
      commentsCount: 0,
    });
    // The sponsor's summary has nothing of the exhibitor's.
    const theirs = (await w.api.call('GET', w.sponsor.cookie, '/my-tasks/work')).json();
    expect(theirs.teamId).toBe(w.sponsor.id);
    expect(theirs.tasks).toEqual([]);
  });

  it("refuses another team's people, unknown removals and bad bodies; nothing stored", async () => {
    const task = await w.newTask({ title: 'Send menu' });
    const outsider = await assign(member.cookie, task.id, { add: [sponsorMember.id] });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().error.message).toBe('Invalid user');
    const unknown = await assign(member.cookie, task.id, { remove: [sponsorMember.id] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Invalid ids to remove');
    for (const body of [{}, { add: ['not-a-uuid'] }, { add: [member.id], extra: true }]) {
      const res = await assign(member.cookie, task.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Invalid user');
    }
    const rows = await t.ctx.db.select().from(taskStatuses).where(eq(taskStatuses.taskId, task.id));
    expect(rows).toEqual([]);
    // Another team cannot assign in this team, nor read its work.
    expect((await assign(w.sponsor.cookie, task.id, { add: [sponsorMember.id] })).statusCode).toBe(404);
    expect(
      (await w.api.call('GET', w.sponsor.cookie, `${base(task.id, w.exhibitor.id)}/work`)).statusCode,
    ).toBe(404);
    // Another event's path.
    const other = await makeEvent(t, 'Elsewhere');
    const otherAdmin = await signIn(t, (await makeUser(t, other, 'admin')).email);
    const inOther = await w.api.call(
      'PUT',
      otherAdmin,
      `${base(task.id, w.exhibitor.id)}/assignees`,
      { add: [member.id] },
      other,
    );
    expect(inOther.statusCode).toBe(404);
  });

  it('accepts a disclaimer with who and when, which completes the task (or awaits approval)', async () => {
    const task = await w.newTask({ title: 'Health and safety', type: 'disclaimer', disclaimer: 'I agree.' });
    const accept = (cookie: string, body: object = { accepted: true }, taskId = task.id) =>
      w.api.call('POST', cookie, `${base(taskId, w.exhibitor.id)}/disclaimer`, body);
    expect((await accept(member.cookie, { accepted: false })).statusCode).toBe(400);
    expect((await accept(member.cookie, {})).statusCode).toBe(400);
    // Organisers see the acceptance but do not accept for a team.
    const organiser = await accept(w.moderator.cookie);
    expect(organiser.statusCode).toBe(403);
    expect(organiser.json().error.message).toBe('Only members of the team can do this');
    expect(await t.ctx.db.select().from(taskDisclaimerAcceptances)).toEqual([]);
    // "Mark complete" cannot skip the acceptance.
    const skipped = await w.api.call('PUT', member.cookie, `/tasks/${task.id}/status`, {
      progressStatus: 'complete',
    });
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json().error.message).toBe('Accept the disclaimer to complete this task');
    expect(await t.ctx.db.select().from(taskStatuses).where(eq(taskStatuses.taskId, task.id))).toEqual([]);

    const res = await accept(member.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ acceptedBy: member.id, acceptedByName: 'Nadia Okafor' });
    const mine = (await w.api.call('GET', member.cookie, '/my-tasks')).json();
    const listed = mine.sections
      .flatMap((s: { tasks: object[] }) => s.tasks)
      .find((x: { id: string }) => x.id === task.id);
    expect(listed).toMatchObject({ status: 'complete', progressStatus: 'complete' });
    const work = (
      await w.api.call('GET', w.moderator.cookie, `${base(task.id, w.exhibitor.id)}/work`)
    ).json();
    expect(work.acceptance).toMatchObject({ acceptedBy: member.id, acceptedByName: 'Nadia Okafor' });
    expect(work.can).toMatchObject({ accept: false, assign: true });

    const plain = await w.newTask({ title: 'Not a disclaimer' });
    const wrongType = await accept(member.cookie, { accepted: true }, plain.id);
    expect(wrongType.statusCode).toBe(409);
    expect(wrongType.json().error.message).toBe('This task has no disclaimer to accept');

    const reviewed = await w.newTask({
      title: 'Signed terms',
      type: 'disclaimer',
      disclaimer: 'Terms.',
      isApprovalNeeded: true,
    });
    await accept(member.cookie, { accepted: true }, reviewed.id);
    const [status] = await t.ctx.db.select().from(taskStatuses).where(eq(taskStatuses.taskId, reviewed.id));
    expect(status).toMatchObject({ progressStatus: 'complete', approvalStatus: 'pending' });
  });
  it("hands a deleted member's assignments to the chosen successor, never twice", async () => {
    const leaver = await w.member(w.exhibitor.id, 'Lee', 'Ving');
    const both = await w.newTask({ title: 'Both assigned' });
    const alone = await w.newTask({ title: 'Leaver alone' });
    await assign(w.moderator.cookie, both.id, { add: [leaver.id, w.exhibitor.ownerId] });
    await assign(w.moderator.cookie, alone.id, { add: [leaver.id] });
    const res = await w.api.call(
      'DELETE',
      w.admin,
      `/users/${leaver.id}?transferToId=${w.exhibitor.ownerId}`,
    );
    expect(res.statusCode).toBe(204);
    const assigned = async (taskId: string) =>
      (await t.ctx.db.select().from(taskStatuses).where(eq(taskStatuses.taskId, taskId)))[0]?.assignedTo;
    expect(await assigned(both.id)).toEqual([w.exhibitor.ownerId]);
    expect(await assigned(alone.id)).toEqual([w.exhibitor.ownerId]);
  });
});
