import { and, eq, lte } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { SYSTEM_ACTOR } from '../../platform/db/columns';
import { defineJob } from '../../platform/jobs';
import { events } from '../events/tables';
import { emailNotification, registerNotificationEmailJobs, settleEmailStatus } from './email';
import { signalListChanged } from './live';
import { notifications, notificationWithTeamTypes } from './tables';

/**
 * Publishing. "Now" is written by the save itself; a scheduled notification is published by a job
 * the queue runs every minute (pg-boss keeps one schedule across processes). Each run publishes what
 * is due with one conditional UPDATE per event (status still 'scheduled'), so a notification is
 * published exactly once even when two workers run together, and a run after downtime catches up
 * with everything that fell due meanwhile. Emails follow as their own job, never in the request.
 */

export const publishDueJob = defineJob('notifications.publishDue', z.object({}));
export const notificationEmailJob = defineJob(
  'notifications.email',
  z.object({ v: z.literal(1), eventId: z.uuid(), notificationId: z.uuid() }),
);

/**
 * After a notification was published (or saved while published): queues its emails if it should
 * email and has not yet, or, for one emailed before (withdrawn and published again), restores the
 * outcome of those emails.
 */
export async function afterPublish(
  ctx: AppContext,
  eventId: string,
  notificationId: string,
  options: { publishedNow: boolean } = { publishedNow: true },
): Promise<void> {
  const [row] = await ctx.db
    .select({
      status: notifications.status,
      sendEmail: notifications.sendEmail,
      emailedAt: notifications.emailedAt,
    })
    .from(notifications)
    .where(and(eq(notifications.eventId, eventId), eq(notifications.id, notificationId)));
  if (!row || row.status === 'draft' || row.status === 'scheduled') return;
  if (row.emailedAt) {
    if (options.publishedNow) await settleEmailStatus(ctx, eventId, notificationId);
    return;
  }
  if (row.sendEmail) await notificationEmailJob.send(ctx, { v: 1, eventId, notificationId });
}

/** One run of the scheduler: publishes every notification whose time has come, in every event. */
export async function publishDueNotifications(
  ctx: AppContext,
  now = new Date(),
): Promise<{ published: number }> {
  const eventRows = await ctx.db.select({ id: events.id }).from(events);
  let published = 0;
  for (const { id: eventId } of eventRows) {
    const claimed = await ctx.db
      .update(notifications)
      .set({ status: 'pushed', sentAt: now, updatedAt: now, updatedBy: SYSTEM_ACTOR })
      .where(
        and(
          eq(notifications.eventId, eventId),
          eq(notifications.status, 'scheduled'),
          lte(notifications.scheduledAt, now),
        ),
      )
      .returning({
        id: notifications.id,
        status: notifications.status,
        audience: notifications.audience,
        teamId: notifications.teamId,
        teamTypeIds: notificationWithTeamTypes.teamTypeIds,
      });
    published += claimed.length;
    for (const { id } of claimed) await afterPublish(ctx, eventId, id);
    await signalListChanged(ctx, eventId, claimed);
  }
  return { published };
}

export function registerNotificationJobs(ctx: AppContext): void {
  publishDueJob.work(ctx, async () => {
    await publishDueNotifications(ctx);
  });
  notificationEmailJob.work(ctx, ({ eventId, notificationId }) =>
    emailNotification(ctx, eventId, notificationId),
  );
  registerNotificationEmailJobs(ctx);
  publishDueJob.schedule(ctx, '* * * * *', {});
}
