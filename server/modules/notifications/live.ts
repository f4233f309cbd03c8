import { isPublished, type NotificationStatus } from '../../../shared/notifications/status';
import type { NotificationAudience } from '../../../shared/notifications/visibility';
import type { AppContext } from '../../platform/context';
import type { LiveAudience } from '../../platform/live/audience';
import { publishLive } from '../../platform/live/publish';

/**
 * The live signals of notifications: a published notification that appears, changes or goes
 * reaches the streams of those whose list shows it (shared/notifications/visibility.ts: the
 * audience, and admins, who see every one); a read reaches the reader's other tabs.
 */

type Published = NotificationAudience & { status: NotificationStatus };

/** The streams whose list shows any of these notifications (drafts and scheduled ones: none). */
export function listedBy(rows: readonly Published[]): LiveAudience | null {
  const shown = rows.filter((row) => isPublished(row.status));
  if (shown.length === 0) return null;
  const to: Required<Pick<LiveAudience, 'teamIds' | 'teamTypeIds'>> & LiveAudience = {
    teamIds: [],
    teamTypeIds: [],
    minLevel: 'admin',
  };
  for (const row of shown) {
    if (row.audience === 'everyone') return { everyone: true };
    if (row.audience === 'team' && row.teamId) to.teamIds.push(row.teamId);
    if (row.audience === 'teamTypes') to.teamTypeIds.push(...row.teamTypeIds);
  }
  return { ...to, teamIds: [...new Set(to.teamIds)], teamTypeIds: [...new Set(to.teamTypeIds)] };
}

/** After a save, delete or scheduled publication: `rows` are the notification before and after. */
export async function signalListChanged(
  ctx: AppContext,
  eventId: string,
  rows: readonly (Published | null | undefined)[],
): Promise<void> {
  const to = listedBy(rows.filter((row): row is Published => !!row));
  if (to) await publishLive(ctx, eventId, to, { type: 'notifications' });
}

/** A read (one or all): the reader's unread count changed in their other tabs. */
export async function signalReadChanged(ctx: AppContext, eventId: string, accountId: string): Promise<void> {
  await publishLive(ctx, eventId, { accountIds: [accountId] }, { type: 'notifications' });
}
