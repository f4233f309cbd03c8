import { formatDate } from '../lib/format';
import { useEventDates } from '../lib/session';

/**
 * A calendar date or an instant shown as a date in the event's time zone and locale
 * ("12 Mar 2027"), for places such as table columns that cannot call hooks themselves.
 */
export function EventDate({ value }: { value: string }) {
  return <>{formatDate(value, useEventDates())}</>;
}
