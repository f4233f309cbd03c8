import { compareSessions } from './agenda';
import { dayOf } from './zone';

/**
 * The time table's grid for one day (issue 18): locations as columns, time down the side. A
 * session that runs past midnight is drawn to the end of its first day (the agenda lists it there
 * too); sessions overlapping at one location sit side by side in lanes of that location's column.
 * Times are the sessions' own wall-clock strings ('YYYY-MM-DDTHH:mm'), so no zone work is needed.
 */

export const GRID_SLOT_MINUTES = 15;
/** The column of sessions with no location. */
export const NO_LOCATION = '';

export interface GridSessionInput {
  startsAt: string;
  endsAt: string;
  title: string;
  location: string;
}

export interface GridPlacement<T> {
  session: T;
  /** 0-based slot rows from the grid's first hour (end exclusive). */
  rowStart: number;
  rowEnd: number;
  /** 0-based column among all lanes of all locations. */
  column: number;
}

export interface DayGrid<T> {
  /** Minutes after midnight of the first and last row's edges (whole hours). */
  startMinute: number;
  endMinute: number;
  slots: number;
  /** Locations in name order (no location last), each with its first column and lane count. */
  locations: { name: string; column: number; lanes: number }[];
  columns: number;
  placements: GridPlacement<T>[];
}

const minuteOf = (local: string) => Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16));

export function dayGrid<T extends GridSessionInput>(day: string, sessions: readonly T[]): DayGrid<T> {
  const ofDay = sessions.filter((s) => dayOf(s.startsAt) === day).sort(compareSessions);
  const span = (s: T) => {
    const start = minuteOf(s.startsAt);
    const end = dayOf(s.endsAt) === day ? minuteOf(s.endsAt) : 24 * 60;
    // A session with no length still gets one slot, so it can be seen and reached.
    return { start, end: Math.max(end, start + GRID_SLOT_MINUTES) };
  };
  const startMinute = Math.floor(Math.min(...ofDay.map((s) => span(s).start), 24 * 60) / 60) * 60;
  const endMinute = Math.min(24 * 60, Math.ceil(Math.max(...ofDay.map((s) => span(s).end), 0) / 60) * 60);
  const names = [...new Set(ofDay.map((s) => s.location.trim()))].sort((a, b) =>
    a === NO_LOCATION ? 1 : b === NO_LOCATION ? -1 : a.localeCompare(b),
  );
  // Lanes per location: each session takes the first lane free at its start.
  const laneOf = new Map<T, number>();
  const lanesByName = new Map<string, number[]>();
  for (const s of ofDay) {
    const ends = lanesByName.get(s.location.trim()) ?? [];
    const { start, end } = span(s);
    let lane = ends.findIndex((laneEnd) => laneEnd <= start);
    if (lane === -1) lane = ends.push(end) - 1;
    else ends[lane] = end;
    lanesByName.set(s.location.trim(), ends);
    laneOf.set(s, lane);
  }
  let column = 0;
  const locations = names.map((name) => {
    const lanes = lanesByName.get(name)?.length ?? 1;
    const entry = { name, column, lanes };
    column += lanes;
    return entry;
  });
  const firstColumn = new Map(locations.map((l) => [l.name, l.column]));
  const toRow = (minute: number) => Math.round((minute - startMinute) / GRID_SLOT_MINUTES);
  return {
    startMinute,
    endMinute,
    slots: toRow(endMinute),
    locations,
    columns: column,
    placements: ofDay.map((session) => {
      const { start, end } = span(session);
      return {
        session,
        rowStart: toRow(start),
        rowEnd: Math.max(toRow(end), toRow(start) + 1),
        column: (firstColumn.get(session.location.trim()) ?? 0) + (laneOf.get(session) ?? 0),
      };
    }),
  };
}
