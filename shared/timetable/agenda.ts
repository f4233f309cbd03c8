import { dayOf } from './zone';

/**
 * The day-by-day agenda: sessions grouped by the calendar day they start on, in the event's time
 * zone (their stored local times already are), days and sessions in time order. A session running
 * past midnight is listed on its first day, where it begins.
 */
export interface AgendaItem {
  startsAt: string;
  endsAt: string;
  title: string;
}

export interface AgendaDay<T> {
  day: string;
  sessions: T[];
}

export function compareSessions(a: AgendaItem, b: AgendaItem): number {
  if (a.startsAt !== b.startsAt) return a.startsAt < b.startsAt ? -1 : 1;
  if (a.endsAt !== b.endsAt) return a.endsAt < b.endsAt ? -1 : 1;
  return a.title.localeCompare(b.title);
}

export function groupByDay<T extends AgendaItem>(sessions: readonly T[]): AgendaDay<T>[] {
  const days = new Map<string, T[]>();
  for (const session of [...sessions].sort(compareSessions)) {
    const day = dayOf(session.startsAt);
    const list = days.get(day);
    if (list) list.push(session);
    else days.set(day, [session]);
  }
  return [...days.entries()].map(([day, list]) => ({ day, sessions: list }));
}

export interface AgendaFilter {
  /** 'YYYY-MM-DD', or null for every day. */
  day: string | null;
  /** A track id, 'none' for sessions without one, or null for every track. */
  trackId: string | null;
}

export function filterAgenda<T extends AgendaItem & { track: { id: string } | null }>(
  sessions: readonly T[],
  filter: AgendaFilter,
): T[] {
  return sessions.filter(
    (s) =>
      (filter.day === null || dayOf(s.startsAt) === filter.day) &&
      (filter.trackId === null ||
        (filter.trackId === 'none' ? s.track === null : s.track?.id === filter.trackId)),
  );
}

/**
 * The dashboard's next sessions: those not over yet at `now` (the event's wall-clock time,
 * 'YYYY-MM-DDTHH:mm', like the sessions), in time order, at most `limit`. A session under way
 * counts: a team arriving late still wants to know the briefing is on.
 */
export function upcomingSessions<T extends AgendaItem>(
  sessions: readonly T[],
  now: string,
  limit: number,
): T[] {
  return sessions
    .filter((s) => s.endsAt > now)
    .sort(compareSessions)
    .slice(0, limit);
}
