import { formatDateTime } from '../../lib/format';
import { useEventDates } from '../../lib/session';

/** An instant as a date and time in the event's time zone and locale, for table cells. */
export function EventDateTime({ value }: { value: string }) {
  return <>{formatDateTime(value, useEventDates())}</>;
}
