import { and, eq } from 'drizzle-orm';
import type { MySession, MyTimeTable } from '../../../../shared/timetable/api';
import { sessionCalendarEvent } from '../../../../shared/timetable/calendar';
import { renderCalendar } from '../../../../shared/timetable/ics';
import { TIMETABLE_ERRORS } from '../../../../shared/timetable/schema';
import { sessionsForViewer } from '../../../../shared/timetable/visibility';
import type { DbOrTx } from '../../../platform/db/client';
import { notFound } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/guards';
import { readSettings } from '../../events/settingsStore';
import { resolveLinks } from '../links/queries';
import { calendarSettings, isTimeTablePublished, programmeOf, sessionViewerOf } from '../queries';
import { sessionWithTeamTypes, timetableSessions, timetableTracks } from '../tables';

/** `/time-table`: the sessions the caller may see, with their tracks and the links they may follow. */
export async function readMyTimeTable(db: DbOrTx, actor: Actor): Promise<MyTimeTable> {
  const [viewer, published, settings, programme] = await Promise.all([
    sessionViewerOf(db, actor),
    isTimeTablePublished(db, actor.eventId),
    readSettings(db, actor.eventId, 'event'),
    programmeOf(db, actor.eventId),
  ]);
  const visible = sessionsForViewer(programme.sessions, viewer, published);
  const links = await resolveLinks(
    db,
    actor.eventId,
    visible.flatMap((s) => (s.linkKind && s.linkId ? [{ kind: s.linkKind, id: s.linkId }] : [])),
    viewer,
  );
  const sessions: MySession[] = visible.map((s) => ({
    id: s.id,
    title: s.title,
    description: s.description,
    startsAt: s.startsAt,
    endsAt: s.endsAt,
    location: s.location,
    track: s.trackId ? (programme.tracks.get(s.trackId) ?? null) : null,
    link: (s.linkKind && links.get(`${s.linkKind}:${s.linkId}`)) || null,
  }));
  const used = new Set(sessions.flatMap((s) => (s.track ? [s.track.id] : [])));
  return {
    timeZone: settings.timeZone,
    isPublished: published,
    // Only tracks with a session the caller sees: a filter that finds nothing is noise.
    tracks: [...programme.tracks.values()].filter((t) => used.has(t.id)),
    sessions,
  };
}

/** One session as an .ics file, for "Add to calendar"; a session the caller may not see is not found. */
export async function sessionCalendarFile(db: DbOrTx, actor: Actor, sessionId: string) {
  const [[row], viewer, published, settings] = await Promise.all([
    db
      .select(sessionWithTeamTypes)
      .from(timetableSessions)
      .where(and(eq(timetableSessions.eventId, actor.eventId), eq(timetableSessions.id, sessionId)))
      .limit(1),
    sessionViewerOf(db, actor),
    isTimeTablePublished(db, actor.eventId),
    calendarSettings(db, actor.eventId),
  ]);
  if (!row || sessionsForViewer([row], viewer, published).length === 0) {
    throw notFound(TIMETABLE_ERRORS.sessionNotFound);
  }
  const [track] = row.trackId
    ? await db
        .select({ name: timetableTracks.name })
        .from(timetableTracks)
        .where(and(eq(timetableTracks.eventId, actor.eventId), eq(timetableTracks.id, row.trackId)))
    : [];
  const body = renderCalendar({
    name: settings.eventName,
    timeZone: settings.timeZone,
    events: [sessionCalendarEvent({ ...row, trackName: track?.name ?? null }, settings)],
  });
  return { body, fileName: calendarFileName(row.title) };
}

/** A file name from the title: letters, digits and dashes only, so every browser and OS keeps it. */
export function calendarFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .slice(0, 60)
    .toLowerCase();
  return `${slug || 'session'}.ics`;
}
