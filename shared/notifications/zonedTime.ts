/**
 * Scheduled times are entered as a date and time in the event's time zone ('2027-03-01T07:00') and
 * stored as instants. Intl gives the zone's offset at an instant; a local time is found by guessing
 * with the offset at the naive instant and correcting once for a daylight-saving change between.
 */

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

function offsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** Whether the text is a local date and time as the picker gives it ('YYYY-MM-DDTHH:mm'). */
export function isLocalDateTime(text: string): boolean {
  const m = LOCAL_PATTERN.exec(text);
  if (!m) return false;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi));
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60;
}

/**
 * The instant of a local date and time in a time zone. A time skipped by a clock change (02:30 on
 * the spring-forward night) is read with the offset before the change, so it lands an hour later.
 */
export function localToInstant(local: string, timeZone: string): Date {
  const m = LOCAL_PATTERN.exec(local);
  if (!m || !isLocalDateTime(local)) throw new RangeError(`Not a local date and time: ${local}`);
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  const naive = Date.UTC(y, mo - 1, d, h, mi);
  const first = naive - offsetMs(naive, timeZone);
  const second = naive - offsetMs(first, timeZone);
  return new Date(second);
}

/** The local date and time ('YYYY-MM-DDTHH:mm') of an instant in a time zone. */
export function instantToLocal(instant: Date, timeZone: string): string {
  const shifted = new Date(instant.getTime() + offsetMs(instant.getTime(), timeZone));
  return shifted.toISOString().slice(0, 16);
}
