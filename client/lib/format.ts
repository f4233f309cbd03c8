/**
 * Dates are shown in the event's time zone and locale (spec: dates show in the event time zone and
 * locale). Calendar dates (YYYY-MM-DD) have no time, so they are formatted as they are, in UTC,
 * never shifted into the day before or after by a time zone.
 */
export interface DateContext {
  timeZone: string;
  locale: string;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function calendarDate(value: string): Date | null {
  const match = DATE_ONLY.exec(value);
  if (!match) return null;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

function instant(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Made once per locale, zone and options: building an Intl.DateTimeFormat costs about as much as
 * rendering a table row, and a list shows the same format in every row (issue 13, decision 0053).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(ctx: DateContext, options: Intl.DateTimeFormatOptions, timeZone = ctx.timeZone) {
  const key = `${ctx.locale}|${timeZone}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = makeFormatter(ctx.locale, options, timeZone);
    formatters.set(key, made);
  }
  return made;
}

function makeFormatter(locale: string, options: Intl.DateTimeFormatOptions, timeZone: string) {
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone });
  } catch {
    // A zone or locale this browser does not know: fall back rather than break the screen.
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' });
  }
}

/** A calendar date or an instant, as a date: "12 Mar 2027". */
export function formatDate(value: string, ctx: DateContext): string {
  const day = calendarDate(value);
  if (day) return formatter(ctx, { dateStyle: 'medium' }, 'UTC').format(day);
  const at = instant(value);
  return at ? formatter(ctx, { dateStyle: 'medium' }).format(at) : value;
}

/** An instant as date and time in the event's zone: "12 Mar 2027, 14:05". */
export function formatDateTime(value: string, ctx: DateContext): string {
  const at = instant(value);
  return at ? formatter(ctx, { dateStyle: 'medium', timeStyle: 'short' }).format(at) : value;
}

/** Two calendar dates as one range: "12–14 Mar 2027", or one date when they are the same day. */
export function formatDateRange(start: string, end: string, ctx: DateContext): string {
  const from = calendarDate(start);
  const to = calendarDate(end);
  if (!from || !to) return [formatDate(start, ctx), formatDate(end, ctx)].join(' – ');
  if (start === end) return formatDate(start, ctx);
  return formatter(ctx, { dateStyle: 'medium' }, 'UTC').formatRange(from, to);
}

/** Today's calendar date (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    // en-CA formats as YYYY-MM-DD, which is exactly our stored calendar-date form.
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** Whole days from one calendar date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = calendarDate(from);
  const b = calendarDate(to);
  if (!a || !b) return Number.NaN;
  return Math.round((b.getTime() - a.getTime()) / 86_400_000);
}
