import type { Logger } from 'pino';
import { type Notification, notificationSchema } from '../../../shared/notifications/api';
import { firstIssue, reportBadRecord } from '../../platform/badRecords';
import type { notifications } from './tables';

/** A notification with its team type list (notificationWithTeamTypes). */
export type NotificationRow = typeof notifications.$inferSelect & { teamTypeIds: string[] };

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    targetKind: row.targetKind,
    targetId: row.targetId,
    linkUrl: row.linkUrl,
    audience: row.audience,
    teamId: row.teamId,
    teamTypeIds: row.teamTypeIds,
    sendEmail: row.sendEmail,
    status: row.status,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    providerResponse: row.providerResponse,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A stored notification for a list or the reader: null, logged and reported, when it fails its
 * shape check (spec: "Readers drop records that fail the check and report them"), so one bad row
 * never turns the whole list into a 500.
 */
export function readNotification(row: NotificationRow, logger: Pick<Logger, 'warn'>): Notification | null {
  const parsed = notificationSchema.safeParse(presentNotification(row));
  if (parsed.success) return parsed.data;
  reportBadRecord(logger, { kind: 'event notification', id: row.id, issue: firstIssue(parsed.error) });
  return null;
}
