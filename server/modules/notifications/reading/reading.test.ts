import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { publishDueNotifications } from '../jobs';
import { notificationsKit } from '../notificationsTestKit';
import { notifications } from '../tables';

describe('event notifications: readers, scheduling and email', () => {
  let t: TestApp;
  let eventId: string;
  let kit: ReturnType<typeof notificationsKit>;
  let admin: string;
  let exhibitorType: string;
  let sponsorType: string;
  let exhibitor: Awaited<ReturnType<ReturnType<typeof notificationsKit>['reader']>>;
  let sponsor: Awaited<ReturnType<ReturnType<typeof notificationsKit>['reader']>>;
  let untyped: Awaited<ReturnType<ReturnType<typeof notificationsKit>['reader']>>;
  let adminEmail: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    kit = notificationsKit(t, eventId);
    const adminUser = await makeUser(t, eventId, 'admin');
    adminEmail = adminUser.email;
    admin = await signIn(t, adminUser.email);
    exhibitorType = await kit.teamType(admin, 'Exhibitor');
    sponsorType = await kit.teamType(admin, 'Sponsor');
    exhibitor = await kit.reader(admin, 'Acme Stands', exhibitorType);
    sponsor = await kit.reader(admin, 'Big Sponsor', sponsorType);
    untyped = await kit.reader(admin, 'Loose Team', null);
  });
  afterAll(() => t.close());

  const titles = async (cookie: string) => (await kit.mine(cookie)).items.map((n) => n.title);

  it('shows everyone a notification with no team types, a team type its own, one team only that team', async () => {
    await kit.create(admin, { title: 'Build-up starts at 7:00', action: 'publish' });
    await kit.create(admin, {
      title: 'Catering order closes Friday',
      audience: 'teamTypes',
      teamTypeIds: [exhibitorType],
      action: 'publish',
    });
    await kit.create(admin, {
      title: 'Your stand is ready',
      audience: 'team',
      teamId: sponsor.teamId,
      action: 'publish',
    });
    await kit.create(admin, { title: 'Not yet', audience: 'everyone' });

    expect(await titles(exhibitor.cookie)).toEqual([
      'Catering order closes Friday',
      'Build-up starts at 7:00',
    ]);
    expect(await titles(sponsor.cookie)).toEqual(['Your stand is ready', 'Build-up starts at 7:00']);
    expect(await titles(untyped.cookie)).toEqual(['Build-up starts at 7:00']);
    // Admins see every published notification, never a draft.
    expect(await titles(admin)).toEqual([
      'Your stand is ready',
      'Catering order closes Friday',
      'Build-up starts at 7:00',
    ]);
  });

  it('keeps read state per user: one read, then all read; a hidden one cannot be marked', async () => {
    const before = await kit.mine(exhibitor.cookie);
    expect(before.unreadCount).toBe(2);
    const first = before.items[0];
    expect((await kit.call('POST', exhibitor.cookie, `/my-notifications/${first.id}/read`)).statusCode).toBe(
      204,
    );
    const after = await kit.mine(exhibitor.cookie);
    expect(after.unreadCount).toBe(1);
    expect(after.items.find((n) => n.id === first.id)?.isRead).toBe(true);
    // Someone else's read state is untouched.
    expect((await kit.mine(admin)).unreadCount).toBe(3);
    const sponsorOnly = (await kit.mine(sponsor.cookie)).items[0].id;
    expect(
      (await kit.call('POST', exhibitor.cookie, `/my-notifications/${sponsorOnly}/read`)).statusCode,
    ).toBe(404);
    expect((await kit.call('POST', exhibitor.cookie, '/my-notifications/read')).statusCode).toBe(204);
    expect((await kit.mine(exhibitor.cookie)).unreadCount).toBe(0);
    expect((await kit.mine(sponsor.cookie)).unreadCount).toBe(2);
  });

  it('publishes a scheduled notification once its time has come, exactly once with two workers racing', async () => {
    const at = new Date(Date.now() + 3_600_000);
    const n = await kit.create(admin, {
      title: 'Doors open',
      audience: 'teamTypes',
      teamTypeIds: [sponsorType],
      sendEmail: true,
      action: 'schedule',
      scheduledAt: at.toISOString(),
    });
    expect(n.status).toBe('scheduled');
    expect(await titles(sponsor.cookie)).not.toContain('Doors open');
    expect((await publishDueNotifications(t.ctx, new Date(at.getTime() - 60_000))).published).toBe(0);
    // A worker that was down at the time catches up later; two of them at once publish it once.
    const later = new Date(at.getTime() + 5 * 60_000);
    const runs = await Promise.all([
      publishDueNotifications(t.ctx, later),
      publishDueNotifications(t.ctx, later),
    ]);
    expect(runs.map((r) => r.published).sort()).toEqual([0, 1]);
    expect(await titles(sponsor.cookie)).toContain('Doors open');
    expect(await kit.emailedTo()).toEqual([sponsor.email]);
    const [row] = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.eventId, eventId), eq(notifications.id, n.id)));
    expect(row.status).toBe('sent');
    expect(row.sentAt?.toISOString()).toBe(later.toISOString());
  });

  it('lets a scheduled notification be moved or unscheduled before its time', async () => {
    const at = new Date(Date.now() + 3_600_000);
    const body = { title: 'Moved', action: 'schedule', scheduledAt: at.toISOString() };
    const n = await kit.create(admin, body);
    const moved = new Date(at.getTime() + 86_400_000);
    const res = await kit.call('PUT', admin, `/notifications/${n.id}`, {
      ...body,
      scheduledAt: moved.toISOString(),
    });
    expect(res.json().scheduledAt).toBe(moved.toISOString());
    expect((await publishDueNotifications(t.ctx, new Date(at.getTime() + 60_000))).published).toBe(0);
    await kit.call('PUT', admin, `/notifications/${n.id}`, { title: 'Moved', action: 'draft' });
    expect((await publishDueNotifications(t.ctx, new Date(moved.getTime() + 60_000))).published).toBe(0);
    expect(await titles(untyped.cookie)).not.toContain('Moved');
  });

  it('emails every user it is aimed at once, and marks it Published & Emailed', async () => {
    const emailedBefore = (await kit.emailedTo()).length;
    const n = await kit.create(admin, {
      title: 'Catering order closes Friday',
      description: '<p>Order <strong>by 17:00</strong></p>',
      audience: 'teamTypes',
      teamTypeIds: [exhibitorType],
      sendEmail: true,
      action: 'publish',
    });
    expect(n.status).toBe('sent');
    const emailed = await kit.emailedTo();
    expect(emailed.length - emailedBefore).toBe(1);
    const message = t.sentEmails.findLast((m) => m.to === exhibitor.email);
    expect(message?.subject).toBe('You have a new notification');
    expect(message?.text).toContain('Order by 17:00');
    expect(message?.links).toEqual(['https://portal.example.test/notifications']);
    // Editing a published notification does not email it again.
    await kit.call('PUT', admin, `/notifications/${n.id}`, {
      title: 'Catering order closes Friday at 17:00',
      audience: 'teamTypes',
      teamTypeIds: [exhibitorType],
      sendEmail: true,
      action: 'publish',
    });
    expect((await kit.emailedTo()).length).toBe(emailed.length);
    // Everyone: every member of the event, admins included.
    await kit.create(admin, { title: 'Site closed Sunday', sendEmail: true, action: 'publish' });
    const all = await kit.emailedTo();
    for (const to of [exhibitor.email, sponsor.email, untyped.email, adminEmail]) expect(all).toContain(to);
  });

  it('reaches nobody once every team type it was for is deleted', async () => {
    const type = await kit.teamType(admin, 'Short-lived');
    const member = await kit.reader(admin, 'Gone Soon', type);
    await kit.create(admin, {
      title: 'Only for them',
      audience: 'teamTypes',
      teamTypeIds: [type],
      action: 'publish',
    });
    expect(await titles(member.cookie)).toContain('Only for them');
    expect((await kit.call('DELETE', admin, `/team-types/${type}`)).statusCode).toBe(204);
    // Read as 'no team types' it would reach everyone; it reaches nobody but the admins.
    expect(await titles(untyped.cookie)).not.toContain('Only for them');
    expect(await titles(admin)).toContain('Only for them');
  });
});
