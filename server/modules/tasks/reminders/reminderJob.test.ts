import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { auditEntries } from '../../audit/tables';
import { outboxEmails } from '../../emails/tables';
import { settings } from '../../events/tables';
import { teams } from '../../people/tables';
import { teamApi } from '../../people/teamTestKit';
import { sentTaskReminders, taskStatuses } from '../tables';
import { runTaskReminders, sendEventReminders } from './jobs';

/** 09:00 in London (GMT in March): the job reminds this event on its first run after 08:00. */
const NOW = new Date('2027-03-10T09:00:00Z');
const NEXT_DAY = new Date('2027-03-11T09:00:00Z');

describe('the daily task reminder job', () => {
  let t: TestApp;
  let eventId: string;
  let api: ReturnType<typeof teamApi>;
  let admin: string;
  const people: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t, 'Reminder Show');
    api = teamApi(t, eventId);
    admin = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
    // Anchor: an owner, a member and a member with the admin level. Brine: an owner only.
    const anchor = await api.createTeam(admin, 'Anchor Bakery');
    people.anchorOwner = anchor.email;
    people.anchorMember = (await api.memberCookie(admin, anchor.id)).email;
    people.anchorAdmin = (await api.memberCookie(admin, anchor.id, 'admin')).email;
    const brine = await api.createTeam(admin, 'Brine Fish');
    people.brineOwner = brine.email;
    const organisers = await api.createTeam(admin, 'Organisers');
    people.organiser = organisers.email;
    await t.ctx.db.update(teams).set({ isOrganiser: true }).where(eq(teams.id, organisers.id));

    const make = async (title: string, dueDate: string) =>
      (await api.call('POST', admin, '/tasks', { title, dueDate })).json() as { id: string };
    const overdue = await make('Send your menu', '2027-03-08');
    await make('Book stand power', '2027-03-20');
    await make('Order badges', '2027-06-01');
    const archived = await make('Old task', '2027-03-01');
    await api.call('POST', admin, `/tasks/${archived.id}/archive`);
    // Brine has sent its menu: only the stand power task is left for them.
    await api.call('POST', admin, `/tasks/${overdue.id}/teams/status`, {
      teamIds: [brine.id],
      progressStatus: 'complete',
    });
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await t.ctx.db.delete(sentTaskReminders).where(eq(sentTaskReminders.eventId, eventId));
    await t.ctx.db.delete(outboxEmails).where(eq(outboxEmails.eventId, eventId));
    await setEmails({ taskRemindersEnabled: true, sendTaskRemindersTo: 'all-users' });
  });

  async function setEmails(data: { taskRemindersEnabled: boolean; sendTaskRemindersTo: string }) {
    await t.ctx.db
      .update(settings)
      .set({ data: { supportEmail: '', fromEmail: '', ...data } })
      .where(and(eq(settings.eventId, eventId), eq(settings.name, 'emails')));
  }
  const sent = async () =>
    (
      await t.ctx.db
        .select({ to: outboxEmails.to, subject: outboxEmails.subject, text: outboxEmails.text })
        .from(outboxEmails)
        .where(and(eq(outboxEmails.eventId, eventId), eq(outboxEmails.kind, 'taskReminder')))
    ).sort((a, b) => a.to.localeCompare(b.to));

  it('emails every member of each team with its due soon and overdue tasks, plural and singular subjects', async () => {
    const result = await sendEventReminders(t.ctx, eventId, NOW);
    expect(result).toEqual({ emails: 4, items: 3 });
    const emails = await sent();
    expect(emails.map((e) => e.to)).toEqual(
      [people.anchorOwner, people.anchorMember, people.anchorAdmin, people.brineOwner].sort(),
    );
    const anchor = emails.find((e) => e.to === people.anchorOwner);
    expect(anchor?.subject).toBe('You have 2 tasks due');
    // Most overdue first; archived, not yet due and finished tasks are left out.
    expect(anchor?.text).toMatch(
      /Send your menu: Overdue, was due 2027-03-08 \(2 days ago\)[\s\S]*Book stand power: Due Soon/,
    );
    expect(anchor?.text).not.toContain('Order badges');
    expect(anchor?.text).not.toContain('Old task');
    expect(anchor?.text).toContain('https://portal.example.test/tasks');
    const brine = emails.find((e) => e.to === people.brineOwner);
    expect(brine?.subject).toBe('You have 1 task due');
    expect(brine?.text).not.toContain('Send your menu');
    expect(emails.some((e) => e.to === people.organiser)).toBe(false);
    // The trail shows each team's reminder, and the emails sent, as System Update (issue 21).
    const trail = await t.ctx.db.select().from(auditEntries).where(eq(auditEntries.eventId, eventId));
    const reminders = trail.filter((e) => e.action === 'task reminder');
    expect(reminders).toHaveLength(2);
    expect(reminders.every((e) => e.actorKind === 'system' && e.actorName === 'System Update')).toBe(true);
    expect(reminders.map((e) => e.changes.tasks.after)).toContainEqual([
      'Send your menu',
      'Book stand power',
    ]);
    const sends = trail.filter((e) => e.entityType === 'emails' && e.action === 'send');
    // The reminders' four and the welcome emails of the teams made for the test.
    expect(sends.reduce((n, e) => n + Number(e.changes.stored?.after ?? 0), 0)).toBeGreaterThanOrEqual(4);
    expect(sends.every((e) => e.actorName === 'System Update')).toBe(true);
  });

  it('sends to team leaders only, or to admins only, as the emails settings say', async () => {
    await setEmails({ taskRemindersEnabled: true, sendTaskRemindersTo: 'team-leader' });
    await sendEventReminders(t.ctx, eventId, NOW);
    expect((await sent()).map((e) => e.to)).toEqual([people.anchorOwner, people.brineOwner].sort());

    await t.ctx.db.delete(sentTaskReminders).where(eq(sentTaskReminders.eventId, eventId));
    await t.ctx.db.delete(outboxEmails).where(eq(outboxEmails.eventId, eventId));
    await setEmails({ taskRemindersEnabled: true, sendTaskRemindersTo: 'admin' });
    await sendEventReminders(t.ctx, eventId, NOW);
    expect((await sent()).map((e) => e.to)).toEqual([people.anchorAdmin]);
  });

  it('sends nothing when task reminders are switched off', async () => {
    await setEmails({ taskRemindersEnabled: false, sendTaskRemindersTo: 'all-users' });
    expect(await sendEventReminders(t.ctx, eventId, NOW)).toEqual({ emails: 0, items: 0 });
    expect(await sent()).toEqual([]);
  });

  it('never sends the same reminder twice on the same day, and sends again the next day', async () => {
    await sendEventReminders(t.ctx, eventId, NOW);
    expect(await sendEventReminders(t.ctx, eventId, new Date('2027-03-10T17:00:00Z'))).toEqual({
      emails: 0,
      items: 0,
    });
    expect(await sent()).toHaveLength(4);
    const keys = await t.ctx.db
      .select()
      .from(sentTaskReminders)
      .where(eq(sentTaskReminders.eventId, eventId));
    expect(keys).toHaveLength(3);
    expect(new Set(keys.map((k) => k.day))).toEqual(new Set(['2027-03-10']));

    expect((await sendEventReminders(t.ctx, eventId, NEXT_DAY)).emails).toBe(4);
  });

  it('a task done since the morning run is not in the next run; the hourly run waits for 08:00 local time', async () => {
    expect((await runTaskReminders(t.ctx, new Date('2027-03-10T06:30:00Z'))).emails).toBe(0);
    expect((await runTaskReminders(t.ctx, NOW)).emails).toBe(4);
    expect((await runTaskReminders(t.ctx, new Date('2027-03-10T10:05:00Z'))).emails).toBe(0);
    const done = await t.ctx.db.select().from(taskStatuses).where(eq(taskStatuses.eventId, eventId));
    expect(done).toHaveLength(1);
  });
});
