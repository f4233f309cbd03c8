/**
 * iCalendar (RFC 5545) writing for the time table and the calendar feed. Written here rather than
 * with the `ics` package (decision 0016): `ics` 3.12 writes an invalid alarm trigger ('-P3DT'),
 * leaves commas inside CATEGORIES unescaped, folds lines by characters rather than octets, and took
 * ~100 ms for 500 events (yup validation of each), over the feed's whole budget.
 *
 * Times are written in UTC ('Z'): Google Calendar, Outlook and Apple Calendar all read them
 * without a VTIMEZONE and show them in the viewer's zone; X-WR-TIMEZONE names the event's zone for
 * the apps that use it as the calendar's display zone. All-day events (task due dates) are DATE
 * values, which every app shows on that calendar day whatever the zone.
 */

export type CalendarTime = { kind: 'instant'; at: Date } | { kind: 'date'; date: string };

export interface CalendarEvent {
  /** Stable across renders, so a subscribed calendar updates the event instead of adding one. */
  uid: string;
  summary: string;
  start: CalendarTime;
  /** Exclusive: an all-day event on 5 March ends on 6 March. */
  end: CalendarTime;
  updatedAt?: Date;
  description?: string;
  location?: string;
  url?: string;
  categories?: string[];
  /** A display reminder this many days before the start. */
  alarm?: { daysBefore: number; description: string };
}

export interface CalendarDocument {
  name: string;
  timeZone: string;
  events: readonly CalendarEvent[];
}

export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';
const PRODUCT_ID = '-//Event Portal//Time Table//EN';
const MAX_LINE_OCTETS = 75;

/** Control characters other than tab are not allowed in TEXT values (RFC 5545 3.3.11). */
const NOT_TEXT = /[^\t\n\u0020-\u007e\u0080-\uffff]/g;

/** A TEXT value: backslash, semicolon, comma and newline escaped; other control characters dropped. */
export function escapeText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(NOT_TEXT, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');
}

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/**
 * Folds a content line at 75 octets (RFC 5545 3.1): CRLF and one space before each continuation,
 * never inside a UTF-8 character. Ends with CRLF.
 */
export function foldLine(line: string): string {
  let out = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0) ?? 0);
    if (octets + size > MAX_LINE_OCTETS) {
      out += '\r\n ';
      octets = 1; // the leading space counts
    }
    out += char;
    octets += size;
  }
  return `${out}\r\n`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function formatUtc(at: Date): string {
  return (
    `${pad(at.getUTCFullYear(), 4)}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}` +
    `T${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}Z`
  );
}

function timeProperty(name: 'DTSTART' | 'DTEND', time: CalendarTime): string {
  return time.kind === 'instant'
    ? `${name}:${formatUtc(time.at)}`
    : `${name};VALUE=DATE:${time.date.replaceAll('-', '')}`;
}

function renderEvent(event: CalendarEvent, stamp: string): string {
  let out = 'BEGIN:VEVENT\r\n';
  out += foldLine(`UID:${escapeText(event.uid)}`);
  out += `DTSTAMP:${stamp}\r\n`;
  out += `${timeProperty('DTSTART', event.start)}\r\n`;
  out += `${timeProperty('DTEND', event.end)}\r\n`;
  out += foldLine(`SUMMARY:${escapeText(event.summary)}`);
  if (event.description) out += foldLine(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.location) out += foldLine(`LOCATION:${escapeText(event.location)}`);
  if (event.categories && event.categories.length > 0) {
    out += foldLine(`CATEGORIES:${event.categories.map(escapeText).join(',')}`);
  }
  // A URL is a URI value, not TEXT: not escaped, but it must not carry a line break.
  if (event.url) out += foldLine(`URL:${event.url.replace(/[\r\n]/g, '')}`);
  if (event.updatedAt) out += `LAST-MODIFIED:${formatUtc(event.updatedAt)}\r\n`;
  if (event.start.kind === 'date') out += 'TRANSP:TRANSPARENT\r\n';
  if (event.alarm && event.alarm.daysBefore > 0) {
    out += 'BEGIN:VALARM\r\nACTION:DISPLAY\r\n';
    out += foldLine(`DESCRIPTION:${escapeText(event.alarm.description)}`);
    out += `TRIGGER:-P${Math.floor(event.alarm.daysBefore)}D\r\nEND:VALARM\r\n`;
  }
  return `${out}END:VEVENT\r\n`;
}

/** A whole calendar file; `now` is the DTSTAMP (when this copy was made). */
export function renderCalendar(doc: CalendarDocument, now = new Date()): string {
  const stamp = formatUtc(now);
  const parts = [
    'BEGIN:VCALENDAR\r\nVERSION:2.0\r\n',
    `PRODID:${PRODUCT_ID}\r\n`,
    'CALSCALE:GREGORIAN\r\nMETHOD:PUBLISH\r\n',
    foldLine(`X-WR-CALNAME:${escapeText(doc.name)}`),
    foldLine(`X-WR-TIMEZONE:${doc.timeZone}`),
    // Subscribed calendars ask again hourly (apps that honour it; Google keeps its own pace).
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\nX-PUBLISHED-TTL:PT1H\r\n',
  ];
  for (const event of doc.events) parts.push(renderEvent(event, stamp));
  parts.push('END:VCALENDAR\r\n');
  return parts.join('');
}
