import { FIELD_GROUPS_LEVEL, FORMS_LEVEL } from '../../../../shared/forms/api';
import type { AppContext } from '../../../platform/context';
import type { Effects } from '../../../platform/db/transaction';
import type { LiveAudience } from '../../../platform/live/audience';
import { publishLive } from '../../../platform/live/publish';
import type { LockTarget } from './service';

/**
 * Who hears that an edit lock changed: those who may open its builder, moderator and above for a
 * form and admins for a field group (spec: field groups are admin only). Teams never do. The
 * signal names no form: an open builder asks its own lock route again (decision 0054).
 */
export function lockReaders(type: LockTarget['type']): LiveAudience {
  return { minLevel: type === 'form' ? FORMS_LEVEL : FIELD_GROUPS_LEVEL };
}

/** Once the lock's change has committed (taken, refreshed, released, dropped with its record). */
export function signalLockAfterCommit(
  ctx: AppContext,
  effects: Effects,
  eventId: string,
  type: LockTarget['type'],
): void {
  effects.afterCommit(() => publishLive(ctx, eventId, lockReaders(type), { type: 'editLocks' }));
}
