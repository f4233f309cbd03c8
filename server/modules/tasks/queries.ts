import type { DueOptions } from '../../../shared/tasks/index';
import type { DbOrTx } from '../../platform/db/client';
import { readSettingsMany } from '../events/settingsStore';

/** The event's time zone and due-soon days: what every due status of the event is worked out with. */
export async function dueSettings(db: DbOrTx, eventId: string): Promise<DueOptions> {
  const s = await readSettingsMany(db, eventId, ['event', 'variables']);
  return { timeZone: s.event.timeZone, dueSoonDays: s.variables.dueSoonDays };
}
