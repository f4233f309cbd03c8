import { and, asc, count, desc, eq, gte, ilike, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Session, SessionListResponse, sessionListQuerySchema } from '../../../../shared/timetable/api';
import { type SessionValues, sessionBodySchema, TIMETABLE_ERRORS } from '../../../../shared/timetable/schema';
import { nextDay } from '../../../../shared/timetable/zone';
import { TABLE_PAGE_SIZE } from '../../../../shared/ui/constants';
import type { DbOrTx } from '../../../platform/db/client';
import { containing } from '../../../platform/db/search';
import { withTransaction } from '../../../platform/db/transaction';
import { badRequest, notFound } from '../../../platform/http/errors';
import { teamTypes } from '../../people/tables';
import { letsTeamTypeSee, saveTeamTypeIds } from '../../people/teamTypes/links/queries';
import { linkTargetExists } from '../links/queries';
import { issuesOf } from '../present';
import {
  sessionWithTeamTypes,
  timetableSessions,
  timetableSessionTeamTypes,
  timetableTracks,
} from '../tables';

/** Sessions as organisers manage them (moderators and above). */

/** A session with its team type list (sessionWithTeamTypes). */
export type SessionRow = typeof timetableSessions.$inferSelect & { teamTypeIds: string[] };

export function presentSession(row: SessionRow): Session {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    location: row.location,
    trackId: row.trackId,
    teamTypeIds: row.teamTypeIds,
    showToChildTeams: row.showToChildTeams,
    link: row.linkKind && row.linkId ? { kind: row.linkKind, id: row.linkId } : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const SORTS = {
  startsAt: [timetableSessions.startsAt, timetableSessions.endsAt, timetableSessions.title],
  title: [timetableSessions.title, timetableSessions.startsAt],
  location: [timetableSessions.location, timetableSessions.startsAt],
} as const;

export async function listSessions(
  db: DbOrTx,
  eventId: string,
  query: z.output<typeof sessionListQuerySchema>,
): Promise<SessionListResponse> {
  const s = timetableSessions;
  const conditions: (SQL | undefined)[] = [eq(s.eventId, eventId)];
  if (query.day) conditions.push(gte(s.startsAt, query.day), lt(s.startsAt, nextDay(query.day)));
  if (query.search) {
    const pattern = containing(query.search);
    conditions.push(or(ilike(s.title, pattern), ilike(s.location, pattern), ilike(s.description, pattern)));
  }
  if (query.trackId === 'none') conditions.push(isNull(s.trackId));
  else if (query.trackId) conditions.push(eq(s.trackId, query.trackId));
  if (query.teamTypeId) {
    conditions.push(letsTeamTypeSee(timetableSessionTeamTypes, s.eventId, s.id, query.teamTypeId));
  }
  const where = and(...conditions);
  const order = query.order === 'desc' ? desc : asc;
  const [rows, [{ total }], days] = await Promise.all([
    db
      .select(sessionWithTeamTypes)
      .from(s)
      .where(where)
      .orderBy(...SORTS[query.sort].map((c) => order(c)), asc(s.id))
      .limit(TABLE_PAGE_SIZE)
      .offset((query.page - 1) * TABLE_PAGE_SIZE),
    db.select({ total: count() }).from(s).where(where),
    db
      .selectDistinct({ day: sql<string>`substr(${s.startsAt}, 1, 10)` })
      .from(s)
      .where(eq(s.eventId, eventId))
      .orderBy(sql`substr(${s.startsAt}, 1, 10)`),
  ]);
  return {
    items: rows.map(presentSession),
    total,
    page: query.page,
    pageSize: TABLE_PAGE_SIZE,
    days: days.map((d) => d.day),
  };
}

async function findRow(db: DbOrTx, eventId: string, sessionId: string): Promise<SessionRow> {
  const [row] = await db
    .select(sessionWithTeamTypes)
    .from(timetableSessions)
    .where(and(eq(timetableSessions.eventId, eventId), eq(timetableSessions.id, sessionId)))
    .limit(1);
  if (!row) throw notFound(TIMETABLE_ERRORS.sessionNotFound);
  return row;
}

export async function getSession(db: DbOrTx, eventId: string, sessionId: string): Promise<Session> {
  return presentSession(await findRow(db, eventId, sessionId));
}

const refuse = (path: string, message: string) =>
  badRequest(TIMETABLE_ERRORS.invalidSession, [{ path: [path], message }]);

/** The body's shape, then what only the database knows: the track, team types and link are this event's. */
async function checkedValues(db: DbOrTx, eventId: string, input: unknown): Promise<SessionValues> {
  const parsed = sessionBodySchema.safeParse(input);
  if (!parsed.success) throw badRequest(TIMETABLE_ERRORS.invalidSession, issuesOf(parsed.error));
  const body = parsed.data;
  if (body.trackId) {
    const [track] = await db
      .select({ id: timetableTracks.id })
      .from(timetableTracks)
      .where(and(eq(timetableTracks.eventId, eventId), eq(timetableTracks.id, body.trackId)))
      .limit(1);
    if (!track) throw refuse('trackId', 'Choose a track from the list');
  }
  if (body.teamTypeIds.length > 0) {
    const known = new Set(
      (await db.select({ id: teamTypes.id }).from(teamTypes).where(eq(teamTypes.eventId, eventId))).map(
        (r) => r.id,
      ),
    );
    if (body.teamTypeIds.some((id) => !known.has(id))) throw refuse('teamTypeIds', 'Invalid team type');
  }
  if (body.link && !(await linkTargetExists(db, eventId, body.link))) {
    throw refuse('link', 'Choose a page, form or task of this event');
  }
  return { ...body, teamTypeIds: [...new Set(body.teamTypeIds)] };
}

function columnsOf(values: SessionValues) {
  const { link, teamTypeIds: _teamTypes, ...rest } = values;
  return { ...rest, linkKind: link?.kind ?? null, linkId: link?.id ?? null };
}

export async function createSession(db: DbOrTx, eventId: string, input: unknown, actor: string) {
  return withTransaction(db, async (db) => {
    const values = await checkedValues(db, eventId, input);
    const [row] = await db
      .insert(timetableSessions)
      .values({ ...columnsOf(values), eventId, createdBy: actor, updatedBy: actor })
      .returning();
    const teamTypeIds = await saveTeamTypeIds(
      db,
      timetableSessionTeamTypes,
      eventId,
      row.id,
      values.teamTypeIds,
    );
    return presentSession({ ...row, teamTypeIds });
  });
}

export async function updateSession(
  db: DbOrTx,
  eventId: string,
  sessionId: string,
  input: unknown,
  actor: string,
) {
  return withTransaction(db, async (db) => {
    await findRow(db, eventId, sessionId);
    const values = await checkedValues(db, eventId, input);
    const [row] = await db
      .update(timetableSessions)
      .set({ ...columnsOf(values), updatedBy: actor, updatedAt: new Date() })
      .where(and(eq(timetableSessions.eventId, eventId), eq(timetableSessions.id, sessionId)))
      .returning();
    if (!row) throw notFound(TIMETABLE_ERRORS.sessionNotFound);
    const teamTypeIds = await saveTeamTypeIds(
      db,
      timetableSessionTeamTypes,
      eventId,
      sessionId,
      values.teamTypeIds,
    );
    return presentSession({ ...row, teamTypeIds });
  });
}

/** A copy at the same time and place, titled '(copy)', for the organiser to move. */
export async function duplicateSession(db: DbOrTx, eventId: string, sessionId: string, actor: string) {
  return withTransaction(db, async (db) => {
    const original = await findRow(db, eventId, sessionId);
    const { id: _id, createdAt: _c, updatedAt: _u, title, teamTypeIds: _t, ...rest } = original;
    const [row] = await db
      .insert(timetableSessions)
      .values({ ...rest, title: `${title} (copy)`.slice(0, 200), createdBy: actor, updatedBy: actor })
      .returning();
    const teamTypeIds = await saveTeamTypeIds(
      db,
      timetableSessionTeamTypes,
      eventId,
      row.id,
      original.teamTypeIds,
    );
    return presentSession({ ...row, teamTypeIds });
  });
}

export async function deleteSession(db: DbOrTx, eventId: string, sessionId: string) {
  return withTransaction(db, async (db) => {
    const deleted = await db
      .delete(timetableSessions)
      .where(and(eq(timetableSessions.eventId, eventId), eq(timetableSessions.id, sessionId)))
      .returning({ id: timetableSessions.id });
    if (deleted.length === 0) throw notFound(TIMETABLE_ERRORS.sessionNotFound);
  });
}
