import { and, asc, eq } from 'drizzle-orm';
import type { MyEvent } from '../../../../shared/auth/schema';
import { eventSettingsSchema } from '../../../../shared/events/settings';
import { readCache } from '../../../platform/cache';
import type { DbOrTx } from '../../../platform/db/client';
import { events, settings } from '../../events/tables';
import { memberships } from '../../people/tables';

/**
 * Every account's events, by account id. Memberships (which events, at which level), the events'
 * roots and their settings show here; any write to them drops the cached lists (decision 0042).
 * A membership's team, role, areas, sign-in history and onboarding do not show: a write that sets
 * only those (every sign-in sets the history) keeps the lists.
 */
const myEventsCache = readCache.model<MyEvent[]>('myEvents', [
  {
    table: memberships,
    on: ['insert', 'update', 'delete'],
    unlessOnly: [
      memberships.teamId,
      memberships.teamRole,
      memberships.memberAreas,
      memberships.hasLoggedIn,
      memberships.lastLoginInTime,
      memberships.isOnboarded,
      memberships.updatedAt,
      memberships.updatedBy,
    ],
  },
  { table: events, on: ['update', 'delete'] },
  { table: settings, on: ['insert', 'update', 'delete'] },
]);

/** Every event an account belongs to, with its level in each: read on every `/api/me`, so cached. */
export async function loadMyEvents(db: DbOrTx, accountId: string): Promise<MyEvent[]> {
  const list = await myEventsCache.load(db, accountId, async () => {
    const rows = await db
      .select({
        id: events.id,
        appUrl: events.appUrl,
        permissions: memberships.permissions,
        data: settings.data,
      })
      .from(memberships)
      .innerJoin(events, eq(events.id, memberships.eventId))
      .innerJoin(settings, and(eq(settings.eventId, memberships.eventId), eq(settings.name, 'event')))
      .where(eq(memberships.accountId, accountId))
      .orderBy(asc(events.createdAt));
    return rows.flatMap((r) => {
      const parsed = eventSettingsSchema.safeParse(r.data);
      if (!parsed.success) return [];
      const e = parsed.data;
      const event: MyEvent = {
        id: r.id,
        eventName: e.eventName,
        shortName: e.shortName,
        longName: e.longName,
        startDate: e.startDate,
        endDate: e.endDate,
        appUrl: r.appUrl,
        timeZone: e.timeZone,
        locale: e.locale,
        permissions: r.permissions,
      };
      return [event];
    });
  });
  return list ?? [];
}
