import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  type MyNotificationsResponse,
  NOTIFICATION_ERRORS,
  targetHref,
} from '../../../../shared/notifications/api';
import { canSeeNotification, type NotificationViewer } from '../../../../shared/notifications/visibility';
import type { DbOrTx } from '../../../platform/db/client';
import { notFound } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/guards';
import { viewerOf } from '../../portal/queries';
import { readNotification } from '../present';
import { notificationReads, notifications, notificationWithTeamTypes } from '../tables';

/**
 * The reader's side (/notifications and the bell): what the caller may see, newest first, with
 * their own read state. The shared rule decides; published notifications of an event are few
 * enough to filter here.
 */

const READER_LIMIT = 200;

async function viewer(db: DbOrTx, actor: Actor): Promise<NotificationViewer> {
  const { level, teamTypeId } = await viewerOf(db, actor);
  return { level, teamId: actor.teamId, teamTypeId };
}

/** A stored notification failing its shape check is left out and reported (present.ts). */
type Log = Pick<Logger, 'warn'>;

async function visibleRows(db: DbOrTx, actor: Actor, logger: Log) {
  const me = await viewer(db, actor);
  const rows = await db
    .select({ row: notificationWithTeamTypes, readAt: notificationReads.readAt })
    .from(notifications)
    .leftJoin(
      notificationReads,
      and(
        eq(notificationReads.eventId, notifications.eventId),
        eq(notificationReads.notificationId, notifications.id),
        eq(notificationReads.accountId, actor.accountId),
      ),
    )
    .where(
      and(
        eq(notifications.eventId, actor.eventId),
        inArray(notifications.status, ['pushed', 'sent', 'failed']),
      ),
    )
    .orderBy(desc(notifications.sentAt), desc(notifications.id));
  return rows.filter(({ row }) => readNotification(row, logger) !== null && canSeeNotification(row, me));
}

export async function listMyNotifications(
  db: DbOrTx,
  actor: Actor,
  logger: Log,
): Promise<MyNotificationsResponse> {
  const rows = await visibleRows(db, actor, logger);
  return {
    items: rows.slice(0, READER_LIMIT).map(({ row, readAt }) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      href: targetHref(row),
      sentAt: (row.sentAt ?? row.updatedAt).toISOString(),
      isRead: readAt !== null,
    })),
    unreadCount: rows.filter((r) => r.readAt === null).length,
  };
}

/** Marks one notification read; one the caller may not see answers 404, as if it did not exist. */
export async function markRead(db: DbOrTx, actor: Actor, notificationId: string, logger: Log): Promise<void> {
  const visible = await visibleRows(db, actor, logger);
  if (!visible.some(({ row }) => row.id === notificationId)) throw notFound(NOTIFICATION_ERRORS.notFound);
  await db
    .insert(notificationReads)
    .values({ eventId: actor.eventId, notificationId, accountId: actor.accountId })
    .onConflictDoNothing();
}

/** Mark all read: every notification the caller sees now. */
export async function markAllRead(db: DbOrTx, actor: Actor, logger: Log): Promise<void> {
  const unread = (await visibleRows(db, actor, logger)).filter((r) => r.readAt === null);
  if (unread.length === 0) return;
  await db
    .insert(notificationReads)
    .values(
      unread.map(({ row }) => ({
        eventId: actor.eventId,
        notificationId: row.id,
        accountId: actor.accountId,
      })),
    )
    .onConflictDoNothing();
}
