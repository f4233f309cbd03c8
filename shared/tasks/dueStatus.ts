import { type ProgressStatus, TASK_ERRORS, TaskDataError } from './constants';

/**
 * Due status of a task (spec: states and transitions). Due dates are calendar dates
 * ('YYYY-MM-DD') with no time of day, so "days until due" counts calendar days between today
 * *in the event's time zone* and the due date. The machine's own zone never plays a part: the
 * server runs in UTC and a browser in the viewer's zone, and both must agree.
 * See docs/decisions/0005-due-status.md.
 */

export const DUE_STATUSES = ['pending', 'dueSoon', 'overdue'] as const;
export type DueStatus = (typeof DUE_STATUSES)[number];

/** What a team sees on its task chip, in the spec's order of precedence. */
export const TEAM_TASK_STATUSES = ['complete', 'n/a', 'overdue', 'dueSoon', 'incomplete'] as const;
export type TeamTaskStatus = (typeof TEAM_TASK_STATUSES)[number];

export const TASK_STATUS_LABELS: Record<TeamTaskStatus, string> = {
  complete: 'Complete',
  'n/a': 'N/A',
  overdue: 'Overdue',
  dueSoon: 'Due Soon',
  incomplete: 'Incomplete',
};

/** The status filter of task lists (spec: filters), in the spec's order. */
export const TASK_STATUS_FILTERS = ['incomplete', 'complete', 'overdue', 'dueSoon', 'n/a'] as const;
export type TaskStatusFilter = (typeof TASK_STATUS_FILTERS)[number];

export interface DueOptions {
  /** IANA zone of the event (settings.event.timeZone, default Europe/London). */
  timeZone: string;
  /** settings.variables.dueSoonDays (default 30). */
  dueSoonDays: number;
}

const MS_PER_DAY = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Day number (days since 1970-01-01) of a 'YYYY-MM-DD' calendar date, or null when the text is not
 * a real date ('2027-02-30', '', 'soon', '2027-2-3').
 */
export function calendarDayNumber(date: string): number | null {
  const match = DATE_PATTERN.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return null;
  const utc = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999.
  utc.setUTCFullYear(year, month - 1, day);
  // An impossible day rolls over into the next month, which is how it is caught.
  if (utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) return null;
  return Math.round(utc.getTime() / MS_PER_DAY);
}

export function isCalendarDate(date: string): boolean {
  return calendarDayNumber(date) !== null;
}

/** 'YYYY-MM-DD' of a day number (the inverse of calendarDayNumber). */
export function calendarDateOf(dayNumber: number): string {
  const utc = new Date(dayNumber * MS_PER_DAY);
  const year = String(utc.getUTCFullYear()).padStart(4, '0');
  const month = String(utc.getUTCMonth() + 1).padStart(2, '0');
  const day = String(utc.getUTCDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

/** The calendar date n days after (or before, when negative) a 'YYYY-MM-DD' date. */
export function addCalendarDays(date: string, days: number): string {
  return calendarDateOf(parseDueDate(date) + days);
}

// Building a DateTimeFormat is far slower than using one; a reminder run formats thousands of times.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Throws a RangeError for an unknown zone: a wrong setting must not silently fall back to UTC.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'iso8601',
      numberingSystem: 'latn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Today's calendar date ('YYYY-MM-DD') in a time zone at the instant `now`. */
export function calendarDateIn(now: Date, timeZone: string): string {
  const parts = formatterFor(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** Day number of a due date; throws the spec's 'Invalid target date' when it is not a real date. */
export function parseDueDate(dueDate: string): number {
  const dayNumber = calendarDayNumber(dueDate);
  if (dayNumber === null) throw new TaskDataError(TASK_ERRORS.invalidTargetDate);
  return dayNumber;
}

/** Calendar days from today (in the event zone) to the due date: 0 on the day, negative after it. */
export function daysUntilDue(dueDate: string, now: Date, timeZone: string): number {
  const due = parseDueDate(dueDate);
  return due - parseDueDate(calendarDateIn(now, timeZone));
}

/** Spec: more than dueSoonDays is pending; 0 up to dueSoonDays inclusive is dueSoon; negative is overdue. */
export function dueStatusOfDays(days: number, dueSoonDays: number): DueStatus {
  if (days < 0) return 'overdue';
  return days <= dueSoonDays ? 'dueSoon' : 'pending';
}

/** Due status of a due date at `now`. Throws TaskDataError('Invalid target date') for a date that is not real. */
export function dueStatus(dueDate: string, now: Date, options: DueOptions): DueStatus {
  return dueStatusOfDays(daysUntilDue(dueDate, now, options.timeZone), options.dueSoonDays);
}

/**
 * The date bounds of the due statuses at `now`, for queries that classify many statuses at once:
 * overdue when dueDate < today, dueSoon when today <= dueDate <= dueSoonUntil, pending after.
 * 'YYYY-MM-DD' strings compare in date order, so the database can compare them as text.
 */
export function dueDateBounds(now: Date, options: DueOptions): { today: string; dueSoonUntil: string } {
  const today = calendarDateIn(now, options.timeZone);
  return { today, dueSoonUntil: addCalendarDays(today, options.dueSoonDays) };
}

/** Per-team status: complete wins, then n/a, then the due status (pending shows as incomplete). */
export function teamTaskStatus(progress: ProgressStatus, due: DueStatus): TeamTaskStatus {
  if (progress === 'complete') return 'complete';
  if (progress === 'n/a') return 'n/a';
  return due === 'pending' ? 'incomplete' : due;
}

/** A chip matches exactly the filter of the same name, so the filters split any list without overlap. */
export function matchesStatusFilter(status: TeamTaskStatus, filter: TaskStatusFilter): boolean {
  return status === filter;
}
