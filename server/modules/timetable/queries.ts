import { and, asc, eq, sql } from 'drizzle-orm';
import type { Permission } from '../../../shared/auth/permissions';
import type { Track } from '../../../shared/timetable/api';
import type { LinkKind } from '../../../shared/timetable/schema';
import type { SessionViewer } from '../../../shared/timetable/visibility';
import type { DbOrTx } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/rows';
import { notFound } from '../../platform/http/errors';
import { readSettingsMany } from '../events/settingsStore';
import { events } from '../events/tables';
import { memberships, teams } from '../people/tables';
import { teamTypeIdsOf } from '../people/teamTypes/links/queries';
import { readPortalDoc } from '../portal/service';
import { timetableSessionTeamTypes, timetableTracks } from './tables';

/** A session's team type list in the SQL below (sessions as s). */
const sessionTypes = teamTypeIdsOf(timetableSessionTeamTypes, sql.raw('s.event_id'), sql.raw('s.id'));

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

/** A session as the team's programme and the feed read it. */
export type ProgrammeSession = {
  id: string;
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  location: string;
  trackId: string | null;
  teamTypeIds: string[];
  showToChildTeams: boolean;
  linkKind: LinkKind | null;
  linkId: string | null;
  updatedAt: Date;
};

type SessionTuple = [
  id: string,
  title: string,
  description: string,
  startsAt: string,
  endsAt: string,
  location: string,
  trackId: string | null,
  teamTypeIds: string[],
  showToChildTeams: boolean,
  linkKind: LinkKind | null,
  linkId: string | null,
  updatedAt: string,
];

/**
 * Every session of the event in programme order, and its tracks by id. The sessions travel as one
 * JSON array of positional rows (as the team's task list does, tasks/myTasks/queries.ts): on PGlite, decoding
 * 2,000 rows cell by cell took 80-200 ms, one text cell parsed natively a few.
 */
export async function programmeOf(db: DbOrTx, eventId: string) {
  const sessionRows = rowsOf<{ sessions: string | null }>(
    db,
    sql`
    select json_agg(json_build_array(
      s.id, s.title, s.description, s.starts_at, s.ends_at, s.location, s.track_id, ${sessionTypes},
      s.show_to_child_teams, s.link_kind, s.link_id, s.updated_at
    ) order by s.starts_at, s.ends_at, s.title, s.id)::text as sessions
    from timetable_sessions s
    where s.event_id = ${eventId}
  `,
  );
  const [tracks, rows] = await Promise.all([
    db
      .select({ id: timetableTracks.id, name: timetableTracks.name, color: timetableTracks.color })
      .from(timetableTracks)
      .where(eq(timetableTracks.eventId, eventId))
      .orderBy(asc(timetableTracks.name)),
    sessionRows,
  ]);
  const text = rows[0]?.sessions;
  const sessions: ProgrammeSession[] = text
    ? (JSON.parse(text) as SessionTuple[]).map((t) => ({
        id: t[0],
        title: t[1],
        description: t[2],
        startsAt: t[3],
        endsAt: t[4],
        location: t[5],
        trackId: t[6],
        teamTypeIds: t[7],
        showToChildTeams: t[8],
        linkKind: t[9],
        linkId: t[10],
        updatedAt: new Date(t[11]),
      }))
    : [];
  return { sessions, tracks: new Map<string, Track>(tracks.map((t) => [t.id, t])) };
}

/** What the session rule needs of a member: level, organiser team, team type and stand-share role. */
export async function sessionViewerOf(
  db: DbOrTx,
  member: { eventId: string; accountId: string; permissions: Permission },
): Promise<SessionViewer> {
  const [row] = await db
    .select({
      isOrganiser: teams.isOrganiser,
      teamTypeId: teams.teamTypeId,
      standShareRole: teams.standShareRole,
    })
    .from(memberships)
    .innerJoin(teams, and(eq(teams.id, memberships.teamId), eq(teams.eventId, member.eventId)))
    .where(and(eq(memberships.eventId, member.eventId), eq(memberships.accountId, member.accountId)))
    .limit(1);
  return {
    level: member.permissions,
    isOrganiserTeam: row?.isOrganiser ?? false,
    teamTypeId: row?.teamTypeId ?? null,
    standShareRole: row?.standShareRole ?? 'none',
  };
}

/** The Time Table core page's published flag (unpublished by default, spec). */
export async function isTimeTablePublished(db: DbOrTx, eventId: string): Promise<boolean> {
  return (await readPortalDoc(db, { eventId }, 'corePages')).timeTable.isPublished;
}
