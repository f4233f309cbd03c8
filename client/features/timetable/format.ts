import { dayOf } from '../../../shared/timetable/zone';

/**
 * Sessions carry wall-clock times of the event's zone ('YYYY-MM-DDTHH:mm'), so they are shown as
 * they are: formatted as UTC, which shifts nothing, in the event's locale.
 */

const asUtc = (local: string) => new Date(`${local.length === 10 ? `${local}T00:00` : local}:00Z`);

function format(value: string, locale: string, options: Intl.DateTimeFormatOptions): string {
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(asUtc(value));
  } catch {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(asUtc(value));
  }
}

/** "Monday 10 May 2027" */
export const formatDay = (day: string, locale: string) =>
  format(day, locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** "Mon 10 May" */
export const formatShortDay = (day: string, locale: string) =>
  format(day, locale, { weekday: 'short', day: 'numeric', month: 'short' });

export const formatTime = (local: string, locale: string) =>
  format(local, locale, { hour: '2-digit', minute: '2-digit' });

/** "09:00 – 18:00", or "22:00 – Sun 31 Oct 06:00" when the session ends on a later day. */
export function formatTimeRange(startsAt: string, endsAt: string, locale: string): string {
  const end =
    dayOf(startsAt) === dayOf(endsAt)
      ? formatTime(endsAt, locale)
      : `${formatShortDay(dayOf(endsAt), locale)} ${formatTime(endsAt, locale)}`;
  return `${formatTime(startsAt, locale)} – ${end}`;
}
