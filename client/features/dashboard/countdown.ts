import { daysBetween } from '../../lib/format';

/** Where the event stands today, counted in calendar days in the event's time zone. */
export function countdown(startDate: string, endDate: string, today: string): string {
  const untilStart = daysBetween(today, startDate);
  if (Number.isNaN(untilStart)) return '';
  if (untilStart > 0) return `Starts in ${untilStart} ${untilStart === 1 ? 'day' : 'days'}`;
  return daysBetween(today, endDate) >= 0 ? 'Running now' : 'Ended';
}
