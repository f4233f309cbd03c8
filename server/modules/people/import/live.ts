import { TEAM_IMPORT_LEVEL } from '../../../../shared/people/importSchema';
import type { AppContext } from '../../../platform/context';
import type { LiveAudience } from '../../../platform/live/audience';
import { publishLive } from '../../../platform/live/publish';

/**
 * A team import's progress is read by the event's admins only (spec: team import is admin only);
 * moderators, report viewers and teams hear nothing of it (decision 0054).
 */
export const importReaders: LiveAudience = { minLevel: TEAM_IMPORT_LEVEL };

/**
 * The import's record changed (its counters recounted, or its state): the admins' import screens
 * refetch it. Sent after the write, which is not inside a transaction (the job's rows each have
 * their own), so what they read is already there.
 */
export function signalImport(ctx: AppContext, eventId: string): Promise<void> {
  return publishLive(ctx, eventId, importReaders, { type: 'teamImport' });
}
