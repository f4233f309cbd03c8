import { and, asc, eq } from 'drizzle-orm';
import type { MyEvent } from '../../../shared/auth/schema';
import { eventSettingsSchema } from '../../../shared/events/settings';
import { readCache } from '../../platform/cache';
import type { DbOrTx } from '../../platform/db/client';
import { events, settings } from '../events/tables';
import { memberships } from './tables';

const key = (accountId: string) => `myEvents:${accountId}`;

/**
 * Every event an account belongs to, with its level in each: read on every `/api/me`, so cached.
 * A change to a membership calls `forgetMyEvents(accountId)`; a change to an event's settings or
 * root calls `forgetMyEvents()` (every account's list), because names and dates show here.
 */
export function loadMyEvents(db: DbOrTx, accountId: string): Promise<MyEvent[]> {
  return readCache.load(key(accountId), async () => {
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
}

export function forgetMyEvents(accountId?: string): void {
  if (accountId) readCache.invalidate(key(accountId));
  else readCache.invalidateWhere((k) => k.startsWith('myEvents:'));
}
