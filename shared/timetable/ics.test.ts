import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { sessionCalendarEvent, taskDeadlineEvent } from './calendar';
import { escapeText, foldLine, renderCalendar } from './ics';

const octets = (line: string) => Buffer.byteLength(line, 'utf8');
const unfold = (text: string) => text.replace(/\r\n /g, '');

function parse(text: string) {
  const component = new ICAL.Component(ICAL.parse(text));
  return component.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
}

const ctx = { timeZone: 'Europe/London', appUrl: 'https://portal.example.test' };
const stand = {
  id: '5d8f7a1e-6c1b-4e7a-9f0a-2b3c4d5e6f70',
  title: 'Stand build, halls 1–3; forklifts, pallets',
  description: 'Bring:\n- PPE\n- Your badge\\pass',
  startsAt: '2027-03-27T22:00',
  endsAt: '2027-03-28T08:00',
  location: 'Hall 1, gate B',
  trackName: 'Build-up, logistics',
  updatedAt: new Date('2027-01-10T12:00:00Z'),
};

describe('iCalendar writing', () => {
  it('escapes text values as RFC 5545 asks', () => {
    expect(escapeText('a,b;c\\d\ne\r\nf')).toBe('a\\,b\\;c\\\\d\\ne\\nf');
    expect(escapeText('bell\u0007 and tab\t')).toBe('bell and tab\t');
  });

  it('folds at 75 octets without splitting a character', () => {
    const folded = foldLine(`SUMMARY:${'é'.repeat(80)}`);
    for (const line of folded.split('\r\n').filter(Boolean)) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(unfold(folded)).toBe(`SUMMARY:${'é'.repeat(80)}\r\n`);
  });

  it('writes a session that another library reads back exactly, across a clock change', () => {
    const text = renderCalendar({
      name: 'Expo 2027',
      timeZone: 'Europe/London',
      events: [sessionCalendarEvent(stand, ctx)],
    });
    const [event] = parse(text);
    expect(event.summary).toBe(stand.title);
    expect(event.description).toBe(stand.description);
    expect(event.location).toBe(stand.location);
    expect(event.uid).toBe(`session-${stand.id}@portal.example.test`);
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-03-27T22:00:00.000Z');
    // 08:00 BST after the clocks went forward is 07:00 UTC.
    expect(event.endDate.toJSDate().toISOString()).toBe('2027-03-28T07:00:00.000Z');
    expect(event.component.getFirstPropertyValue('url')).toBe('https://portal.example.test/time-table');
    expect(event.component.getFirstProperty('categories')?.getValues()).toEqual(['Build-up, logistics']);
  });

  it('writes a task deadline as an all-day event with a reminder at the due-soon threshold', () => {
    const text = renderCalendar({
      name: 'Expo 2027',
      timeZone: 'Europe/London',
      events: [
        taskDeadlineEvent(
          {
            id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
            title: 'Upload your risk assessment',
            dueDate: '2027-02-26',
          },
          { ...ctx, dueSoonDays: 14 },
        ),
      ],
    });
    const [event] = parse(text);
    expect(event.summary).toBe('Due: Upload your risk assessment');
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe('2027-02-26');
    expect(event.endDate.toString()).toBe('2027-02-27');
    const alarm = event.component.getFirstSubcomponent('valarm');
    expect(alarm?.getFirstPropertyValue('action')).toBe('DISPLAY');
    expect(String(alarm?.getFirstPropertyValue('trigger'))).toBe('-P14D');
  });

  it('property: any text survives the round trip and no line is longer than 75 octets', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 300 }),
        fc.string({ maxLength: 120 }),
        (title, description) => {
          const text = renderCalendar({
            name: title,
            timeZone: 'Europe/London',
            events: [sessionCalendarEvent({ ...stand, title: title || 'x', description }, ctx)],
          });
          for (const line of text.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
          expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
          const [event] = parse(text);
          // Control characters are dropped and CRLF becomes a newline; everything else is kept.
          const clean = (s: string) =>
            s
              .replace(/\r\n?/g, '\n')
              .split('')
              .filter((c) => c === '\t' || c === '\n' || (c >= ' ' && c !== '\u007f'))
              .join('');
          expect(event.summary).toBe(clean(title || 'x'));
          if (clean(description)) expect(event.description).toBe(clean(description));
        },
      ),
      { numRuns: 300 },
    );
  });
});
