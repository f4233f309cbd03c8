import { and, asc, eq } from 'drizzle-orm';
import type { Track } from '../../../shared/timetable/api';
import type { DbOrTx } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { readSettingsMany } from '../events/settingsStore';
import { events } from '../events/tables';
import { timetableSessions, timetableTracks } from './tables';

/** What every calendar of an event is written with: its name, zone, due-soon days and app URL. */
export async function calendarSettings(db: DbOrTx, eventId: string) {
  const [[event], s] = await Promise.all([
    db.select({ appUrl: events.appUrl }).from(events).where(eq(events.id, eventId)).limit(1),
    readSettingsMany(db, eventId, ['event', 'variables']),
  ]);
  if (!event) throw notFound('Event ID not found');
  return {
    eventName: s.event.eventName,
    timeZone: s.event.timeZone,
    dueSoonDays: s.variables.dueSoonDays,
    appUrl: event.appUrl.replace(/\/+$/, ''),
  };
}

/** Every session of the event in programme order, and its tracks by id. */
export async function programmeOf(db: DbOrTx, eventId: string) {
  const s = timetableSessions;
  const [sessions, tracks] = await Promise.all([
    db
      .select()
      .from(s)
      .where(eq(s.eventId, eventId))
      .orderBy(asc(s.startsAt), asc(s.endsAt), asc(s.title), asc(s.id)),
    db
      .select({ id: timetableTracks.id, name: timetableTracks.name, color: timetableTracks.color })
      .from(timetableTracks)
      .where(and(eq(timetableTracks.eventId, eventId)))
      .orderBy(asc(timetableTracks.name)),
  ]);
  return { sessions, tracks: new Map<string, Track>(tracks.map((t) => [t.id, t])) };
}
