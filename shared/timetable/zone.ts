/**
 * Wall-clock times in the event's time zone. A session is stored as the local date and time the
 * organiser typed ('YYYY-MM-DDTHH:mm', decision 0016): that is what the programme prints, what the
 * days are grouped by, and what stays put if the event's zone is corrected later. The instant is
 * worked out only where a machine needs one (calendar files), with the zone's rules of that day.
 * The machine's own zone never plays a part: the server runs in UTC, a browser in the viewer's.
 */

export const LOCAL_DATE_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The parts of a 'YYYY-MM-DDTHH:mm' text, or null when it is not a real date and time. */
export function parseLocalDateTime(text: string): LocalParts | null {
  const match = LOCAL_DATE_TIME_PATTERN.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59) return null;
  const check = new Date(0);
  check.setUTCFullYear(year, month - 1, day);
  // An impossible day ('02-30') rolls into the next month, which is how it is caught.
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day, hour, minute };
}

export function isLocalDateTime(text: string): boolean {
  return parseLocalDateTime(text) !== null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function formatLocalDateTime(p: LocalParts): string {
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** The calendar day ('YYYY-MM-DD') of a local date and time. */
export function dayOf(localDateTime: string): string {
  return localDateTime.slice(0, 10);
}

/** The wall-clock minutes as if the zone were UTC; differences of these are wall-clock durations. */
function wallMs(p: LocalParts): number {
  const d = new Date(0);
  d.setUTCFullYear(p.year, p.month - 1, p.day);
  d.setUTCHours(p.hour, p.minute, 0, 0);
  return d.getTime();
}

// One formatter per zone: creating an Intl.DateTimeFormat costs far more than using one.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock date and time of an instant in a zone (minutes; seconds are dropped). */
export function localPartsAt(instant: Date, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute };
}

export function localDateTimeAt(instant: Date, timeZone: string): string {
  return formatLocalDateTime(localPartsAt(instant, timeZone));
}

/** The zone's offset from UTC at an instant, in ms (whole minutes). */
function offsetAt(ms: number, timeZone: string): number {
  const floored = Math.floor(ms / 60_000) * 60_000;
  return wallMs(localPartsAt(new Date(floored), timeZone)) - floored;
}

const DAY_MS = 86_400_000;

/**
 * The instant a wall-clock time names in a zone. Around a change of offset a local time can name
 * two instants (clocks go back: the earlier is taken) or none (clocks go forward: it is moved on by
 * the gap, 02:30 becoming 03:30), as calendar apps and Temporal's 'compatible' choice do.
 */
export function instantOf(localDateTime: string, timeZone: string): Date {
  const parts = parseLocalDateTime(localDateTime);
  if (!parts) throw new RangeError(`Not a local date and time: ${localDateTime}`);
  const wall = wallMs(parts);
  // Offsets a day either side: no zone changes its offset twice within two days.
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const candidates = [wall - before, wall - after].filter(
    (ms) => wallMs(localPartsAt(new Date(ms), timeZone)) === wall,
  );
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  // In a gap: the offset before the change carries the time forward past it.
  return new Date(wall - before);
}

/** The next calendar day of a 'YYYY-MM-DD' date. */
export function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Wall-clock minutes from one local time to another (what the programme prints as its length). */
export function wallMinutesBetween(start: string, end: string): number {
  const a = parseLocalDateTime(start);
  const b = parseLocalDateTime(end);
  if (!a || !b) return Number.NaN;
  return (wallMs(b) - wallMs(a)) / 60_000;
}
