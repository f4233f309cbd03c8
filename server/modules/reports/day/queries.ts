import { daysSinceLaunch } from '../../../../shared/reports/loginActivity';
import { dueDateBounds } from '../../../../shared/tasks/dueStatus';
import type { DbOrTx } from '../../../platform/db/client';
import type { EventScope } from '../../../platform/http/actor';
import { readSettingsMany } from '../../events/settingsStore';

/** The day every report of the event is worked out for, with the settings the rules read. */
export interface ReportDay {
  now: Date;
  /** 'YYYY-MM-DD' in the event's zone. */
  today: string;
  /** Last day that counts as due soon (today + dueSoonDays). */
  dueSoonUntil: string;
  launchDate: string | null;
  daysSinceLaunch: number | null;
  timeZone: string;
  locale: string;
  shortName: string;
}

export async function reportDay(db: DbOrTx, scope: EventScope, now = new Date()): Promise<ReportDay> {
  const { eventId } = scope;
  const s = await readSettingsMany(db, eventId, ['event', 'variables']);
  const { timeZone, locale } = s.event;
  const { today, dueSoonUntil } = dueDateBounds(now, { timeZone, dueSoonDays: s.variables.dueSoonDays });
  const launchDate = s.event.launchDate ?? null;
  return {
    now,
    today,
    dueSoonUntil,
    launchDate,
    daysSinceLaunch: daysSinceLaunch(launchDate, today),
    timeZone,
    locale,
    shortName: s.event.shortName || s.event.eventName,
  };
}
