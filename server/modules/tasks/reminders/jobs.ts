import { and, eq, inArray, isNotNull, lte, ne } from 'drizzle-orm';
import { z } from 'zod';
import {
  calendarDateIn,
  dueDateBounds,
  type ProgressStatus,
  planReminders,
  progressKey,
  type ReminderTeam,
} from '../../../../shared/tasks/index';
import type { AppContext } from '../../../platform/context';
import { SYSTEM_ACTOR } from '../../../platform/db/columns';
import { withTransaction } from '../../../platform/db/transaction';
import { defineJob } from '../../../platform/jobs';
import { recordAudit, systemEntry } from '../../audit/service';
import { accounts } from '../../auth/tables';
import { dispatchEmails, queueEmail } from '../../emails/service';
import type { EmailKind } from '../../emails/templates/email';
import { emailLook } from '../../emails/templates/queries';
import { readSettingsMany } from '../../events/settingsStore';
import { events } from '../../events/tables';
import { memberships, teams } from '../../people/tables';
import { sentTaskReminders, taskStatuses, tasks, taskWithTeamTypes } from '../tables';
import { renderTaskReminder } from './email';

/**
 * The daily task reminder (spec: emails settings; decisions 0005 and 0009). pg-boss runs the job
 * every hour; each event is reminded on the first run after REMINDER_LOCAL_HOUR in its own time zone,
 * and the sent-reminders table (one row per task, team and local day) keeps later runs, retries and
 * other workers from sending the same reminder again that day.
 */

const taskRemindersJob = defineJob('tasks.reminders', z.object({}));
export const REMINDER_LOCAL_HOUR = 8;
const REMINDER_KIND: EmailKind = 'taskReminder';

export function registerTaskReminders(ctx: AppContext): void {
  taskRemindersJob.work(ctx, async () => {
    await runTaskReminders(ctx);
  });
  taskRemindersJob.schedule(ctx, '5 * * * *', {});
}

function localHour(now: Date, timeZone: string): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now);
  return Number(hour);
}

/** One run of the job: every event whose local time has reached the reminder hour. */
export async function runTaskReminders(ctx: AppContext, now = new Date()): Promise<{ emails: number }> {
  const eventRows = await ctx.db.select({ id: events.id }).from(events);
  let emails = 0;
  for (const { id } of eventRows) {
    try {
      const { event } = await readSettingsMany(ctx.db, id, ['event']);
      if (localHour(now, event.timeZone) < REMINDER_LOCAL_HOUR) continue;
      emails += (await sendEventReminders(ctx, id, now)).emails;
    } catch (err) {
      // One event's broken settings must not stop every other event's reminders.
      ctx.logger.error({ err, eventId: id }, 'task reminders failed for an event');
    }
  }
  return { emails };
}

type Recipient = { email: string; firstName: string };

/** Today's reminders of one event: plans them, claims each (task, team, day) once, queues the emails. */
export async function sendEventReminders(
  ctx: AppContext,
  eventId: string,
  now = new Date(),
): Promise<{ emails: number; items: number }> {
  const { db } = ctx;
  const settings = await readSettingsMany(db, eventId, ['emails', 'event', 'variables']);
  if (!settings.emails.taskRemindersEnabled) return { emails: 0, items: 0 };
  const due = { timeZone: settings.event.timeZone, dueSoonDays: settings.variables.dueSoonDays };
  const { dueSoonUntil } = dueDateBounds(now, due);
  const today = calendarDateIn(now, due.timeZone);

  // Only tasks already due soon or overdue can be in a reminder; the planner checks each again.
  const taskRows = await db
    .select({
      id: tasks.id,
      title: tasks.title,
      dueDate: tasks.dueDate,
      isArchived: tasks.isArchived,
      teamTypeIds: taskWithTeamTypes.teamTypeIds,
      showToChildTeams: tasks.showToChildTeams,
    })
    .from(tasks)
    .where(and(eq(tasks.eventId, eventId), eq(tasks.isArchived, false), lte(tasks.dueDate, dueSoonUntil)));
  if (taskRows.length === 0) return { emails: 0, items: 0 };
  const taskIds = taskRows.map((t) => t.id);

  const [teamRows, memberRows, doneRows, sentRows] = await Promise.all([
    db
      .select({
        id: teams.id,
        name: teams.name,
        isOrganiser: teams.isOrganiser,
        teamTypeId: teams.teamTypeId,
        standShareRole: teams.standShareRole,
      })
      .from(teams)
      .where(and(eq(teams.eventId, eventId), eq(teams.isOrganiser, false))),
    db
      .select({
        userId: memberships.accountId,
        teamId: memberships.teamId,
        role: memberships.teamRole,
        level: memberships.permissions,
        email: accounts.email,
        firstName: accounts.firstName,
      })
      .from(memberships)
      .innerJoin(accounts, eq(accounts.id, memberships.accountId))
      .where(
        and(eq(memberships.eventId, eventId), isNotNull(memberships.teamId), eq(accounts.disabled, false)),
      ),
    // A missing status is incomplete, so only the finished ones need reading.
    db
      .select({
        taskId: taskStatuses.taskId,
        teamId: taskStatuses.teamId,
        progress: taskStatuses.progressStatus,
      })
      .from(taskStatuses)
      .where(
        and(
          eq(taskStatuses.eventId, eventId),
          inArray(taskStatuses.taskId, taskIds),
          ne(taskStatuses.progressStatus, 'incomplete'),
        ),
      ),
    db
      .select({ taskId: sentTaskReminders.taskId, teamId: sentTaskReminders.teamId })
      .from(sentTaskReminders)
      .where(and(eq(sentTaskReminders.eventId, eventId), eq(sentTaskReminders.day, today))),
  ]);

  const membersByTeam = new Map<string, ReminderTeam['members'][number][]>();
  const recipients = new Map<string, Recipient>();
  for (const m of memberRows) {
    if (!m.teamId) continue;
    recipients.set(m.userId, { email: m.email, firstName: m.firstName });
    const list = membersByTeam.get(m.teamId) ?? [];
    list.push({ userId: m.userId, role: m.role ?? 'teamMember', level: m.level });
    membersByTeam.set(m.teamId, list);
  }
  const teamNames = new Map(teamRows.map((t) => [t.id, t.name]));
  const plan = planReminders({
    now,
    due,
    settings: settings.emails,
    tasks: taskRows,
    teams: teamRows.map((t) => ({ ...t, members: membersByTeam.get(t.id) ?? [] })),
    progress: new Map<string, ProgressStatus>(
      doneRows.map((r) => [progressKey(r.taskId, r.teamId), r.progress]),
    ),
    alreadySent: new Set(sentRows.map((r) => `${r.taskId}:${r.teamId}:${today}`)),
  });
  for (const skipped of plan.skipped) ctx.logger.warn({ eventId, ...skipped }, 'task left out of reminders');

  let emails = 0;
  let items = 0;
  const looks = plan.reminders.length
    ? {
        one: await emailLook(db, { eventId }, 'taskReminder'),
        many: await emailLook(db, { eventId }, 'taskReminders'),
      }
    : {};
  for (const reminder of plan.reminders) {
    const outboxIds = await withTransaction(db, async (tx, effects) => {
      // Claim first: a row another run inserted meanwhile returns nothing, and its task is dropped.
      const claimed = await tx
        .insert(sentTaskReminders)
        .values(
          reminder.items.map((item) => ({
            eventId,
            taskId: item.taskId,
            teamId: reminder.teamId,
            day: today,
            sentAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ taskId: sentTaskReminders.taskId });
      const claimedIds = new Set(claimed.map((c) => c.taskId));
      const mine = reminder.items.filter((item) => claimedIds.has(item.taskId));
      if (mine.length === 0) return [];
      const ids: string[] = [];
      for (const userId of reminder.recipientIds) {
        const to = recipients.get(userId);
        if (!to) continue;
        const content = renderTaskReminder(
          {
            eventName: settings.event.eventName,
            firstName: to.firstName,
            teamName: teamNames.get(reminder.teamId) ?? 'Your team',
            appUrl: settings.event.appUrl,
            items: mine,
          },
          looks,
        );
        ids.push(
          await queueEmail(tx, { eventId, kind: REMINDER_KIND, to: to.email, content, actor: SYSTEM_ACTOR }),
        );
      }
      items += mine.length;
      // The trail shows the reminder as the system's, in the transaction that claimed it.
      await recordAudit(
        tx,
        systemEntry({
          eventId,
          entityType: 'teams',
          entityId: reminder.teamId,
          action: 'task reminder',
          route: taskRemindersJob.name,
          changes: { tasks: { after: mine.map((item) => item.title) }, emails: { after: ids.length } },
        }),
      );
      effects.afterCommit(() => dispatchEmails(ctx, ids));
      return ids;
    });
    emails += outboxIds.length;
  }
  return { emails, items };
}
