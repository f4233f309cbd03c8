import type { Notification } from '../../../shared/notifications/api';
import type { notifications } from './tables';

export type NotificationRow = typeof notifications.$inferSelect;

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
