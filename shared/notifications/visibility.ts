import { can, type Permission } from '../auth/permissions';
import { isPublished, type NotificationStatus } from './status';

/**
 * Who a notification is for (spec: admins see all notifications; others see those with no team
 * types or matching their team type; the issue adds one team). A notification is aimed at everyone,
 * at some team types, or at one team. Nobody reads a draft or a scheduled one on their list: the
 * organisers manage those on the admin screen.
 */

export interface NotificationViewer {
  level: Permission;
  teamId: string | null;
  /** Null when the viewer is in no team (or the team has no type). */
  teamTypeId: string | null;
}

export const AUDIENCES = ['everyone', 'teamTypes', 'team'] as const;
export type AudienceKind = (typeof AUDIENCES)[number];

/**
 * The kind is stored, not inferred from the lists: a notification for some team types whose types
 * were all deleted reaches nobody, rather than turning into one for everyone.
 */
export interface NotificationAudience {
  audience: AudienceKind;
  /** The team of a one-team notification; null otherwise. */
  teamId: string | null;
  /** The team types of a some-team-types notification; empty otherwise. */
  teamTypeIds: readonly string[];
}

/** Whether the notification is aimed at this viewer, whatever their level: who gets its email. */
export function isAimedAt(
  audience: NotificationAudience,
  viewer: Omit<NotificationViewer, 'level'>,
): boolean {
  switch (audience.audience) {
    case 'everyone':
      return true;
    case 'team':
      return audience.teamId !== null && viewer.teamId === audience.teamId;
    case 'teamTypes':
      return viewer.teamTypeId !== null && audience.teamTypeIds.includes(viewer.teamTypeId);
  }
}

/** Whether the viewer's notification list shows it: published, and aimed at them or they are admin. */
export function canSeeNotification(
  notification: NotificationAudience & { status: NotificationStatus },
  viewer: NotificationViewer,
): boolean {
  if (!isPublished(notification.status)) return false;
  return can(viewer.level, 'admin') || isAimedAt(notification, viewer);
}

/** Spec: a restricted item shows 'Restricted' and 'only applicable to N team type(s)'. */
export function audienceLabel(audience: NotificationAudience): string {
  switch (audience.audience) {
    case 'team':
      return 'One team';
    case 'teamTypes':
      return `Restricted: only applicable to ${new Set(audience.teamTypeIds).size} team type(s)`;
    case 'everyone':
      return 'Everyone';
  }
}
