import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  makeEvent,
  makeUser,
  signIn,
  type TestApp,
  tokenFromEmail,
  uniqueEmail,
} from '../../test/harness';
import { accounts } from '../auth/tables';
import { taskStatuses } from '../tasks/tables';
import { teamTaskWorld } from '../tasks/teamTaskTestKit';
import { outboxEmails } from './tables';

/**
 * The four kinds that had templates but no sender (issue 17): welcome team member, stand share
 * welcome, task status and confirm password change. Each trigger queues exactly one email per
 * recipient through the outbox and the job queue, in the event's own template when it has one.
 */
describe('emails sent at the moments the spec names', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let otherAdmin: string;
  let w: Awaited<ReturnType<typeof teamTaskWorld>>;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Expo');
    otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
    w = await teamTaskWorld(t, eventId);
    // Another event's wording of every kind here must never leak into this event's emails.
    for (const kind of ['welcomeTeamMember', 'standShareWelcome', 'taskStatus', 'passwordChanged']) {
      const res = await w.api.call(
        'PUT',
        otherAdmin,
        `/email-templates/${kind}`,
        { subject: 'OTHER EVENT {{eventName}}', body: '<p>OTHER EVENT</p>' },
        otherEventId,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    // Two events, a team world and four templates: on a loaded machine this takes over a minute.
  }, 180_000);
  afterAll(() => t.close());

  const emailsTo = (to: string) => t.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
  const emailsOfKind = (kind: string) =>
    t.ctx.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.eventId, eventId), eq(outboxEmails.kind, kind)));

  async function customise(kind: string, subject: string, body: string) {
    const res = await w.api.call('PUT', w.admin, `/email-templates/${kind}`, { subject, body });
    expect(res.statusCode, res.body).toBe(200);
  }
  const reset = (kind: string) => w.api.call('DELETE', w.admin, `/email-templates/${kind}`);

  it('a member added to a team gets one "welcome team member" email with a set-password link', async () => {
    const email = uniqueEmail('joiner');
    const res = await w.api.call('POST', w.admin, `/teams/${w.exhibitor.id}/members`, {
      firstName: 'Jo',
      surname: 'Iner',
      email,
    });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await emailsTo(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      eventId,
      kind: 'welcomeTeamMember',
      subject: 'You have been added to Harbour Bakery on Expo 2027',
      // Delivered by the email job after the request's transaction committed.
      status: 'stored',
    });
    expect(rows[0].html).toContain('Hello Jo,');
    expect(rows[0].links[0]).toMatch(/\/auth\/set-password\?token=/);
    expect(rows[0].html).not.toContain('OTHER EVENT');
  });

  it('a member added with an account that has a password gets the existing welcome, not a set-password link', async () => {
    const known = await makeUser(t, otherEventId, 'user');
    const res = await w.api.call('POST', w.admin, `/teams/${w.sponsor.id}/members`, {
      firstName: 'Kno',
      surname: 'Wn',
      email: known.email,
    });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await emailsTo(known.email);
    expect(rows.map((row) => row.kind)).toEqual(['existingWelcome']);
    expect(rows[0].subject).toBe('You have been added to Expo 2027');
  });

  it('uses the event\'s edited "welcome team member" template, and the default again after a reset', async () => {
    await customise(
      'welcomeTeamMember',
      '{{teamName}} wants you at {{eventName}}',
      '<p>Hi {{firstName}}, {{teamName}} added you.</p>',
    );
    const email = uniqueEmail('edited');
    await w.api.call('POST', w.admin, `/teams/${w.exhibitor.id}/members`, {
      firstName: 'Ed',
      surname: 'Ited',
      email,
    });
    const [row] = await emailsTo(email);
    expect(row.subject).toBe('Harbour Bakery wants you at Expo 2027');
    expect(row.html).toContain('Hi Ed, Harbour Bakery added you.');
    expect(row.text).toContain('Hi Ed, Harbour Bakery added you.');
    expect((await reset('welcomeTeamMember')).statusCode).toBe(200);
    const again = uniqueEmail('reset');
    await w.api.call('POST', w.admin, `/teams/${w.exhibitor.id}/members`, {
      firstName: 'Re',
      surname: 'Set',
      email: again,
    });
    expect((await emailsTo(again))[0].subject).toBe('You have been added to Harbour Bakery on Expo 2027');
  });

  it('the owner of a new stand share gets one "stand share welcome" naming both teams', async () => {
    const email = uniqueEmail('share');
    const res = await w.api.call('POST', w.exhibitor.cookie, `/teams/${w.exhibitor.id}/stand-shares`, {
      name: 'Corner Coffee',
      owner: { firstName: 'Cora', surname: 'Share', email },
    });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await emailsTo(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      eventId,
      kind: 'standShareWelcome',
      subject: 'Your stand share on Expo 2027',
      status: 'stored',
    });
    expect(rows[0].html).toContain('Harbour Bakery has set up Corner Coffee as a stand share');
    expect(rows[0].links[0]).toMatch(/\/auth\/set-password\?token=/);

    await customise('standShareWelcome', 'Sharing {{parentTeamName}}', '<p>{{teamName}} is in.</p>');
    const second = uniqueEmail('share');
    await w.api.call('POST', w.admin, `/teams/${w.sponsor.id}/stand-shares`, {
      name: 'Side Stall',
      owner: { firstName: 'Sid', surname: 'Stall', email: second },
    });
    const [edited] = await emailsTo(second);
    expect(edited.subject).toBe('Sharing Big Sponsor');
    expect(edited.html).toContain('Side Stall is in.');
    await reset('standShareWelcome');
  });

  it("a new team's owner still gets the welcome, and another event's admin adds no one here", async () => {
    const team = await w.api.createTeam(w.admin, 'Plain Team');
    expect((await emailsTo(team.email)).map((row) => row.kind)).toEqual(['setPassword']);
    const before = (await emailsOfKind('welcomeTeamMember')).length;
    const refused = await w.api.call(
      'POST',
      otherAdmin,
      `/teams/${w.exhibitor.id}/members`,
      { firstName: 'X', surname: 'Y', email: uniqueEmail('x') },
      otherEventId,
    );
    expect(refused.statusCode).toBe(404);
    expect(await emailsOfKind('welcomeTeamMember')).toHaveLength(before);
  });

  it('an approval or a rejection emails the team owner once with the status and the review', async () => {
    const task = await w.newTask({ title: 'Stand plan', isApprovalNeeded: true });
    const done = () =>
      w.api.call('PUT', w.exhibitor.cookie, `/tasks/${task.id}/status`, { progressStatus: 'complete' });
    const reviewAs = (cookie: string, body: object, event = eventId) =>
      w.api.call('POST', cookie, `/tasks/${task.id}/teams/${w.exhibitor.id}/review`, body, event);
    expect((await done()).statusCode).toBe(200);
    // The team's own progress is not an organiser's change: no task status email.
    expect(await emailsOfKind('taskStatus')).toHaveLength(0);

    const rejected = await reviewAs(w.moderator.cookie, {
      decision: 'rejected',
      review: 'Add the <b>plan</b>',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const first = await emailsOfKind('taskStatus');
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ subject: 'Stand plan: Rejected', status: 'stored' });
    const [owner] = await t.ctx.db
      .select({ email: accounts.email })
      .from(accounts)
      .where(eq(accounts.id, w.exhibitor.ownerId));
    expect(first[0].to).toBe(owner.email);
    expect(first[0].html).toContain('Add the &lt;b&gt;plan&lt;/b&gt;');
    expect(first[0].html).toContain(`/tasks/${task.id}`);

    await customise('taskStatus', '{{taskStatus}} - {{taskTitle}}', '<p>{{teamName}}: {{taskStatus}}</p>');
    expect((await done()).statusCode).toBe(200);
    // Another event's organiser cannot review this task, and nothing is sent for it.
    expect((await reviewAs(otherAdmin, { decision: 'approved' }, otherEventId)).statusCode).toBe(404);
    expect(await emailsOfKind('taskStatus')).toHaveLength(1);
    expect((await reviewAs(w.admin, { decision: 'approved' })).statusCode).toBe(200);
    const both = await emailsOfKind('taskStatus');
    expect(both).toHaveLength(2);
    const approved = both.find((row) => row.id !== first[0].id);
    expect(approved?.subject).toBe('Approved - Stand plan');
    expect(approved?.html).toContain('Harbour Bakery: Approved');
    await reset('taskStatus');
  });

  it("an organiser's bulk status change emails each changed team once, and no unchanged one", async () => {
    const task = await w.newTask({ title: 'Insurance' });
    const before = (await emailsOfKind('taskStatus')).length;
    const set = (teamIds: string[], progressStatus: string) =>
      w.api.call('POST', w.moderator.cookie, `/tasks/${task.id}/teams/status`, { teamIds, progressStatus });
    const first = await set([w.exhibitor.id, w.sponsor.id], 'n/a');
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = await emailsOfKind('taskStatus');
    expect(afterFirst).toHaveLength(before + 2);
    expect(new Set(afterFirst.slice(-2).map((row) => row.subject))).toEqual(new Set(['Insurance: N/A']));
    expect(new Set(afterFirst.map((row) => row.to)).size).toBe(2);
    // Setting the same status again changes nothing and sends nothing.
    expect((await set([w.exhibitor.id], 'n/a')).json()).toMatchObject({ updated: 0, unchanged: 1 });
    expect(await emailsOfKind('taskStatus')).toHaveLength(before + 2);
  });

  it('a task status email also goes to the members assigned to the task, each once', async () => {
    const task = await w.newTask({ title: 'Fire certificate' });
    const helper = await w.member(w.exhibitor.id, 'Hal', 'Per');
    // The owner is assigned too: still one email to them.
    await t.ctx.db.insert(taskStatuses).values({
      eventId,
      taskId: task.id,
      teamId: w.exhibitor.id,
      assignedTo: [helper.id, w.exhibitor.ownerId],
    });
    const res = await w.api.call('POST', w.moderator.cookie, `/tasks/${task.id}/teams/status`, {
      teamIds: [w.exhibitor.id],
      progressStatus: 'complete',
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (await emailsOfKind('taskStatus')).filter(
      (row) => row.subject === 'Fire certificate: Complete',
    );
    const [owner] = await t.ctx.db
      .select({ email: accounts.email })
      .from(accounts)
      .where(eq(accounts.id, w.exhibitor.ownerId));
    expect(rows.map((row) => row.to).sort()).toEqual([helper.email, owner.email].sort());
    expect(rows.find((row) => row.to === helper.email)?.html).toContain('Hello Hal,');
  });

  it('a password reset through its link is confirmed by one "confirm password change" email', async () => {
    const user = await makeUser(t, eventId, 'user', { firstName: 'Pat' });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email, eventId },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const token = await tokenFromEmail(t, user.email);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'a-new-long-passphrase-42' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const rows = (await emailsTo(user.email)).filter((row) => row.kind === 'passwordChanged');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      eventId,
      subject: 'Your password has been changed',
      status: 'stored',
    });
    expect(rows[0].html).toContain('Hello Pat,');
    expect(rows[0].html).not.toContain('OTHER EVENT');

    await customise('passwordChanged', 'Security notice for {{eventName}}', '<p>Changed, {{firstName}}.</p>');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email, eventId },
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: await tokenFromEmail(t, user.email), password: 'another-long-passphrase-7' },
    });
    expect(again.statusCode, again.body).toBe(200);
    const edited = (await emailsTo(user.email)).filter((row) => row.kind === 'passwordChanged');
    expect(edited.map((row) => row.subject).sort()).toEqual([
      'Security notice for Expo 2027',
      'Your password has been changed',
    ]);
    await reset('passwordChanged');
  });

  it('setting a first password through a welcome link is not a change: no confirmation', async () => {
    const email = uniqueEmail('first');
    await w.api.call('POST', w.admin, `/teams/${w.sponsor.id}/members`, {
      firstName: 'Fi',
      surname: 'Rst',
      email,
    });
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token: await tokenFromEmail(t, email), password: 'a-first-long-passphrase-1' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await emailsTo(email)).map((row) => row.kind)).toEqual(['welcomeTeamMember']);
  });
});
