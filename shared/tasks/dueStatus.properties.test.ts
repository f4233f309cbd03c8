import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarDateIn,
  calendarDateOf,
  calendarDayNumber,
  type DueStatus,
  daysUntilDue,
  dueDateBounds,
  dueStatus,
  dueStatusOfDays,
  matchesStatusFilter,
  TASK_STATUS_FILTERS,
  teamTaskStatus,
} from './dueStatus';
import { PROGRESS_STATUSES } from './schema';

// Zones far apart (UTC+14 and UTC-11), with daylight saving (London, New York, Lord Howe's
// half-hour shift) and with odd offsets (+5:30, +5:45). None moves its clocks at midnight, so
// "the day turns at local midnight" holds in all of them.
const ZONES = [
  'Europe/London',
  'America/New_York',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'UTC',
] as const;

const HOUR = 3_600_000;
const zone = fc.constantFrom(...ZONES);
// Instants in this century, weighted towards the daylight-saving Sundays of London and New York.
const dstInstants = [
  '2027-03-14T00:00:00Z',
  '2027-03-28T00:00:00Z',
  '2027-10-31T00:00:00Z',
  '2027-11-07T00:00:00Z',
  '2030-03-31T00:00:00Z',
  '2030-10-27T00:00:00Z',
].map((iso) => Date.parse(iso));
const instant = fc.oneof(
  fc.date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2099-12-31T00:00:00Z'),
    noInvalidDate: true,
  }),
  fc
    .tuple(fc.constantFrom(...dstInstants), fc.integer({ min: -36 * HOUR, max: 36 * HOUR }))
    .map(([base, offset]) => new Date(base + offset)),
);
const dueSoonDays = fc.integer({ min: 0, max: 365 });
const URGENCY: Record<DueStatus, number> = { pending: 0, dueSoon: 1, overdue: 2 };

function localTime(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(now);
}

describe('due status properties', () => {
  it('the status only changes at midnight in the event time zone', () => {
    fc.assert(
      fc.property(
        instant,
        zone,
        dueSoonDays,
        fc.integer({ min: -40, max: 40 }),
        (start, tz, soon, offset) => {
          const dueDate = calendarDateOf(calendarDayNumber(calendarDateIn(start, tz))! + offset);
          const step = 15 * 60_000;
          for (let t = start.getTime(); t < start.getTime() + 30 * HOUR; t += step) {
            const [before, after] = [new Date(t), new Date(t + step)];
            const options = { timeZone: tz, dueSoonDays: soon };
            if (dueStatus(dueDate, before, options) !== dueStatus(dueDate, after, options)) {
              expect(calendarDateIn(after, tz)).not.toBe(calendarDateIn(before, tz));
            }
            if (calendarDateIn(after, tz) !== calendarDateIn(before, tz)) {
              // The new day began within the last step: local time is just past midnight.
              expect(localTime(after, tz) < '00:15').toBe(true);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('days until due decreases by exactly one per calendar day', () => {
    fc.assert(
      fc.property(instant, zone, fc.integer({ min: -400, max: 400 }), (start, tz, offset) => {
        const dueDate = calendarDateOf(calendarDayNumber(calendarDateIn(start, tz))! + offset);
        let previousDate = calendarDateIn(start, tz);
        let previousDays = daysUntilDue(dueDate, start, tz);
        expect(previousDays).toBe(offset);
        for (let t = start.getTime() + HOUR; t <= start.getTime() + 72 * HOUR; t += HOUR) {
          const now = new Date(t);
          const days = daysUntilDue(dueDate, now, tz);
          const date = calendarDateIn(now, tz);
          // Offsets change by at most an hour here, so an hourly walk sees every calendar day.
          expect(previousDays - days).toBe(date === previousDate ? 0 : 1);
          [previousDate, previousDays] = [date, days];
        }
      }),
      { numRuns: 60 },
    );
  });

  it('is monotone in the due date: a later due date is never more urgent', () => {
    const date = fc.integer({ min: 10_957, max: 47_481 }).map(calendarDateOf); // 2000-01-01 .. 2099-12-31
    fc.assert(
      fc.property(instant, zone, dueSoonDays, date, date, (now, tz, soon, a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        const options = { timeZone: tz, dueSoonDays: soon };
        expect(URGENCY[dueStatus(late, now, options)]).toBeLessThanOrEqual(
          URGENCY[dueStatus(early, now, options)],
        );
      }),
    );
  });

  it('is monotone in time: waiting never makes a task less urgent', () => {
    fc.assert(
      fc.property(
        instant,
        instant,
        zone,
        dueSoonDays,
        fc.integer({ min: -50, max: 50 }),
        (a, b, tz, soon, offset) => {
          const [early, late] = a <= b ? [a, b] : [b, a];
          const dueDate = calendarDateOf(calendarDayNumber(calendarDateIn(early, tz))! + offset);
          const options = { timeZone: tz, dueSoonDays: soon };
          expect(URGENCY[dueStatus(dueDate, late, options)]).toBeGreaterThanOrEqual(
            URGENCY[dueStatus(dueDate, early, options)],
          );
        },
      ),
    );
  });

  it('splits the days exactly as the spec says', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000, max: 10_000 }), dueSoonDays, (days, soon) => {
        const expected = days > soon ? 'pending' : days >= 0 ? 'dueSoon' : 'overdue';
        expect(dueStatusOfDays(days, soon)).toBe(expected);
      }),
    );
  });

  it('the date bounds for queries classify exactly like dueStatus', () => {
    fc.assert(
      fc.property(
        instant,
        zone,
        dueSoonDays,
        fc.integer({ min: -400, max: 400 }),
        (now, tz, soon, offset) => {
          const options = { timeZone: tz, dueSoonDays: soon };
          const { today, dueSoonUntil } = dueDateBounds(now, options);
          const dueDate = calendarDateOf(calendarDayNumber(today)! + offset);
          const byText = dueDate < today ? 'overdue' : dueDate <= dueSoonUntil ? 'dueSoon' : 'pending';
          expect(dueStatus(dueDate, now, options)).toBe(byText);
        },
      ),
    );
  });

  it('calendar dates and day numbers round-trip for every year 0000-9999', () => {
    fc.assert(
      fc.property(fc.integer({ min: -719_528, max: 2_932_896 }), (day) => {
        expect(calendarDayNumber(calendarDateOf(day))).toBe(day);
      }),
    );
  });

  it('every progress and due status shows exactly one chip, matched by exactly one filter', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PROGRESS_STATUSES),
        fc.constantFrom<DueStatus>('pending', 'dueSoon', 'overdue'),
        (progress, due) => {
          const status = teamTaskStatus(progress, due);
          expect(TASK_STATUS_FILTERS.filter((filter) => matchesStatusFilter(status, filter))).toHaveLength(1);
          if (progress !== 'incomplete') expect(status).toBe(progress);
        },
      ),
    );
  });
});
