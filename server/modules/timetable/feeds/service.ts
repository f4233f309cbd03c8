import { and, eq } from 'drizzle-orm';
import { fillPath } from '../../../../shared/http/route';
import { mayOpenArea } from '../../../../shared/people/memberAreas';
import { tasksForViewer } from '../../../../shared/tasks/visibility';
import type { FeedCreated, FeedStatus } from '../../../../shared/timetable/api';
import { sessionCalendarEvent, taskDeadlineEvent } from '../../../../shared/timetable/calendar';
import { type CalendarEvent, renderCalendar } from '../../../../shared/timetable/ics';
import { TIMETABLE_ROUTES } from '../../../../shared/timetable/routes';
import { sessionsForViewer } from '../../../../shared/timetable/visibility';
import { hashToken, newToken } from '../../../platform/crypto';
import type { DbOrTx } from '../../../platform/db/client';
import { withTransaction } from '../../../platform/db/transaction';
import type { Actor } from '../../../platform/http/guards';
import { findMembership } from '../../membership/queries';
import { loadMyTaskList } from '../../tasks/myTasks/queries';
import { calendarSettings, isTimeTablePublished, programmeOf, sessionViewerOf } from '../queries';
import { calendarFeeds } from '../tables';

/**
 * Private calendar feeds: one per member of an event, addressed by a random 256-bit token of which
 * only the hash is kept. A calendar app fetches it with no session, so the token is the credential:
 * the feed holds exactly what its owner may see today (their membership is read at every fetch, so
 * a member removed from the event, or moved to another team, gets what they now may see, or nothing).
 */

const feedKey = (actor: Pick<Actor, 'eventId' | 'accountId'>) =>
  and(eq(calendarFeeds.eventId, actor.eventId), eq(calendarFeeds.accountId, actor.accountId));

export async function feedStatus(db: DbOrTx, actor: Actor): Promise<FeedStatus> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(feedKey(actor));
  return { active: row !== undefined, createdAt: row?.createdAt.toISOString() ?? null };
}

/** A new address; the previous one (if any) stops working at once. */
export async function createFeed(db: DbOrTx, actor: Actor): Promise<FeedCreated> {
  return withTransaction(db, async (db) => {
    const token = newToken();
    const now = new Date();
    const values = {
      tokenHash: hashToken(token),
      createdAt: now,
      updatedAt: now,
      updatedBy: actor.accountId,
    };
    await db
      .insert(calendarFeeds)
      .values({ ...values, eventId: actor.eventId, accountId: actor.accountId, createdBy: actor.accountId })
      .onConflictDoUpdate({ target: [calendarFeeds.eventId, calendarFeeds.accountId], set: values });
    const { appUrl } = await calendarSettings(db, actor.eventId);
    const path = fillPath(TIMETABLE_ROUTES.publicFeed.path, { eventId: actor.eventId, token });
    return { address: `${appUrl}${path}`, createdAt: now.toISOString() };
  });
}

export async function deleteFeed(db: DbOrTx, actor: Actor): Promise<void> {
  return withTransaction(db, async (db) => {
    await db.delete(calendarFeeds).where(feedKey(actor));
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The member a feed token belongs to, or null for a token that is unknown, revoked or not theirs. */
export async function feedOwner(db: DbOrTx, eventId: string, token: string): Promise<Actor | null> {
  if (!UUID.test(eventId) || token.length < 20 || token.length > 100) return null;
  const [feed] = await db
    .select({ accountId: calendarFeeds.accountId })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.eventId, eventId), eq(calendarFeeds.tokenHash, hashToken(token))))
    .limit(1);
  if (!feed) return null;
  const membership = await findMembership(db, eventId, feed.accountId);
  if (!membership) return null;
  const { permissions, teamId, teamRole, memberAreas } = membership;
  return { accountId: feed.accountId, eventId, permissions, teamId, teamRole, memberAreas };
}

/**
 * The feed: the sessions the member may see and the due dates of their team's visible tasks still
 * to do (all-day, with a reminder at the due-soon threshold). Tasks the team has completed or marked
 * N/A are left out: the calendar shows what is still ahead.
 */
export async function renderFeed(db: DbOrTx, actor: Actor, now = new Date()): Promise<string> {
  const [settings, viewer, published, programme, taskList] = await Promise.all([
    calendarSettings(db, actor.eventId),
    sessionViewerOf(db, actor),
    isTimeTablePublished(db, actor.eventId),
    programmeOf(db, actor.eventId),
    // A member whose tasks area is closed (decision 0034) gets no task deadlines in the feed either.
    mayOpenArea(actor, 'tasks') ? loadMyTaskList(db, actor) : null,
  ]);
  const events: CalendarEvent[] = sessionsForViewer(programme.sessions, viewer, published).map((s) =>
    sessionCalendarEvent(
      { ...s, trackName: s.trackId ? (programme.tracks.get(s.trackId)?.name ?? null) : null },
      settings,
    ),
  );
  if (taskList) {
    for (const task of tasksForViewer(taskList.tasks, taskList.viewer)) {
      const progress = task.status?.progressStatus ?? 'incomplete';
      if (progress === 'incomplete') events.push(taskDeadlineEvent(task, settings));
    }
  }
  return renderCalendar({ name: settings.eventName, timeZone: settings.timeZone, events }, now);
}
