import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { TrackRow } from '../../../../shared/timetable/api';
import { TIMETABLE_ERRORS, trackBodySchema } from '../../../../shared/timetable/schema';
import type { DbOrTx } from '../../../platform/db/client';
import { isUniqueViolation } from '../../../platform/db/errors';
import { withTransaction } from '../../../platform/db/transaction';
import { badRequest, conflict, notFound } from '../../../platform/http/errors';
import { issuesOf } from '../present';
import { timetableSessions, timetableTracks } from '../tables';

/** Tracks: the coloured categories of the programme (build-up, show, briefings...), by name. */

export async function listTracks(db: DbOrTx, eventId: string): Promise<{ items: TrackRow[] }> {
  const rows = await db
    .select({
      id: timetableTracks.id,
      name: timetableTracks.name,
      color: timetableTracks.color,
      sessionsCount: count(timetableSessions.id),
    })
    .from(timetableTracks)
    .leftJoin(
      timetableSessions,
      and(
        eq(timetableSessions.eventId, timetableTracks.eventId),
        eq(timetableSessions.trackId, timetableTracks.id),
      ),
    )
    .where(eq(timetableTracks.eventId, eventId))
    .groupBy(timetableTracks.eventId, timetableTracks.id)
    .orderBy(asc(sql`lower(${timetableTracks.name})`), asc(timetableTracks.id));
  return { items: rows };
}

function parseTrack(input: unknown) {
  const parsed = trackBodySchema.safeParse(input);
  if (!parsed.success) throw badRequest(TIMETABLE_ERRORS.invalidTrack, issuesOf(parsed.error));
  return parsed.data;
}

/** A second track of the same name (any case) is refused: the filter would show two alike. */
async function saving<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(TIMETABLE_ERRORS.trackNameTaken);
    throw error;
  }
}

async function trackRow(db: DbOrTx, eventId: string, trackId: string): Promise<TrackRow> {
  const row = (await listTracks(db, eventId)).items.find((t) => t.id === trackId);
  if (!row) throw notFound(TIMETABLE_ERRORS.trackNotFound);
  return row;
}

export async function createTrack(db: DbOrTx, eventId: string, input: unknown, actor: string) {
  return withTransaction(db, async (db) => {
    const body = parseTrack(input);
    const [row] = await saving(() =>
      db
        .insert(timetableTracks)
        .values({ ...body, eventId, createdBy: actor, updatedBy: actor })
        .returning({ id: timetableTracks.id }),
    );
    return trackRow(db, eventId, row.id);
  });
}

export async function updateTrack(
  db: DbOrTx,
  eventId: string,
  trackId: string,
  input: unknown,
  actor: string,
) {
  return withTransaction(db, async (db) => {
    const body = parseTrack(input);
    const updated = await saving(() =>
      db
        .update(timetableTracks)
        .set({ ...body, updatedBy: actor, updatedAt: new Date() })
        .where(and(eq(timetableTracks.eventId, eventId), eq(timetableTracks.id, trackId)))
        .returning({ id: timetableTracks.id }),
    );
    if (updated.length === 0) throw notFound(TIMETABLE_ERRORS.trackNotFound);
    return trackRow(db, eventId, trackId);
  });
}

/** Deleting a track keeps its sessions, without a track. */
export async function deleteTrack(db: DbOrTx, eventId: string, trackId: string, actor: string) {
  await withTransaction(db, async (tx) => {
    await tx
      .update(timetableSessions)
      .set({ trackId: null, updatedBy: actor, updatedAt: new Date() })
      .where(and(eq(timetableSessions.eventId, eventId), eq(timetableSessions.trackId, trackId)));
    const deleted = await tx
      .delete(timetableTracks)
      .where(and(eq(timetableTracks.eventId, eventId), eq(timetableTracks.id, trackId)))
      .returning({ id: timetableTracks.id });
    if (deleted.length === 0) throw notFound(TIMETABLE_ERRORS.trackNotFound);
  });
}
