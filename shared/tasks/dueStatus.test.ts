import { afterEach, describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  calendarDateIn,
  type DueStatus,
  daysUntilDue,
  dueDateBounds,
  dueStatus,
  matchesStatusFilter,
  TASK_STATUS_FILTERS,
  TASK_STATUS_LABELS,
  TEAM_TASK_STATUSES,
  teamTaskStatus,
} from './dueStatus';
import { TaskDataError } from './schema';

const london = { timeZone: 'Europe/London', dueSoonDays: 30 };
const at = (iso: string) => new Date(iso);

describe('due status (spec defaults: dueSoonDays 30, Europe/London)', () => {
  const noon = at('2027-06-01T12:00:00Z');

  it('more than dueSoonDays ahead is pending', () => {
    expect(dueStatus('2027-07-02', noon, london)).toBe('pending'); // 31 days
    expect(dueStatus('2030-01-01', noon, london)).toBe('pending');
  });

  it('0 up to dueSoonDays inclusive is dueSoon', () => {
    expect(dueStatus('2027-07-01', noon, london)).toBe('dueSoon'); // 30 days
    expect(dueStatus('2027-06-02', noon, london)).toBe('dueSoon'); // 1 day
    expect(dueStatus('2027-06-01', noon, london)).toBe('dueSoon'); // due today
  });

  it('negative is overdue', () => {
    expect(dueStatus('2027-05-31', noon, london)).toBe('overdue');
    expect(dueStatus('2020-01-01', noon, london)).toBe('overdue');
  });

  it('dueSoonDays 0 makes only today due soon', () => {
    const options = { ...london, dueSoonDays: 0 };
    expect(dueStatus('2027-06-01', noon, options)).toBe('dueSoon');
    expect(dueStatus('2027-06-02', noon, options)).toBe('pending');
  });

  it("an unparseable or impossible due date gives 'Invalid target date'", () => {
    for (const bad of [
      '2027-02-30',
      '2027-13-01',
      '2027-00-10',
      '2100-02-29',
      '',
      'soon',
      '2027-2-3',
      '2027-06-01T00:00',
    ]) {
      expect(() => dueStatus(bad, noon, london)).toThrow(new TaskDataError('Invalid target date'));
    }
    expect(dueStatus('2028-02-29', noon, london)).toBe('pending');
  });

  it('an unknown time zone is refused rather than read as UTC', () => {
    expect(() => dueStatus('2027-06-01', noon, { ...london, timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});

describe('calendar date in the event time zone', () => {
  it('the same instant is a different day across the date line', () => {
    const instant = at('2027-03-01T10:30:00Z');
    expect(calendarDateIn(instant, 'Pacific/Kiritimati')).toBe('2027-03-02'); // UTC+14
    expect(calendarDateIn(instant, 'Pacific/Pago_Pago')).toBe('2027-02-28'); // UTC-11
    expect(daysUntilDue('2027-03-01', instant, 'Pacific/Kiritimati')).toBe(-1);
    expect(daysUntilDue('2027-03-01', instant, 'Pacific/Pago_Pago')).toBe(1);
    expect(dueStatus('2027-03-01', instant, { timeZone: 'Pacific/Kiritimati', dueSoonDays: 30 })).toBe(
      'overdue',
    );
  });

  it('London: the day turns at local midnight on both daylight-saving Sundays', () => {
    // 28 March 2027: clocks go forward at 01:00 UTC, so the next midnight is 23:00 UTC.
    expect(calendarDateIn(at('2027-03-27T23:59:59Z'), 'Europe/London')).toBe('2027-03-27');
    expect(calendarDateIn(at('2027-03-28T00:00:00Z'), 'Europe/London')).toBe('2027-03-28');
    expect(calendarDateIn(at('2027-03-28T22:59:59Z'), 'Europe/London')).toBe('2027-03-28');
    expect(calendarDateIn(at('2027-03-28T23:00:00Z'), 'Europe/London')).toBe('2027-03-29');
    // 31 October 2027: clocks go back at 01:00 UTC; that day lasts 25 hours.
    expect(calendarDateIn(at('2027-10-30T22:59:59Z'), 'Europe/London')).toBe('2027-10-30');
    expect(calendarDateIn(at('2027-10-30T23:00:00Z'), 'Europe/London')).toBe('2027-10-31');
    expect(calendarDateIn(at('2027-10-31T23:59:59Z'), 'Europe/London')).toBe('2027-10-31');
    expect(calendarDateIn(at('2027-11-01T00:00:00Z'), 'Europe/London')).toBe('2027-11-01');
  });

  it('New York: a task due on the spring-forward Sunday becomes overdue at local midnight', () => {
    const options = { timeZone: 'America/New_York', dueSoonDays: 30 };
    expect(dueStatus('2027-03-14', at('2027-03-15T03:59:59Z'), options)).toBe('dueSoon');
    expect(dueStatus('2027-03-14', at('2027-03-15T04:00:00Z'), options)).toBe('overdue');
    expect(dueStatus('2027-11-07', at('2027-11-08T04:59:59Z'), options)).toBe('dueSoon');
    expect(dueStatus('2027-11-07', at('2027-11-08T05:00:00Z'), options)).toBe('overdue');
  });

  describe('never the machine time zone', () => {
    const original = process.env.TZ;
    afterEach(() => {
      process.env.TZ = original;
    });

    it('gives the same answer whatever TZ the process runs in', () => {
      const instant = at('2027-03-28T23:30:00Z');
      const answers = ['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles'].map((tz) => {
        process.env.TZ = tz;
        return [daysUntilDue('2027-03-29', instant, 'Europe/London'), calendarDateIn(instant, 'Asia/Tokyo')];
      });
      expect(answers).toEqual([
        [0, '2027-03-29'],
        [0, '2027-03-29'],
        [0, '2027-03-29'],
      ]);
    });
  });
});

describe('due date bounds for queries', () => {
  it('gives today and the last due-soon day in the event zone', () => {
    expect(dueDateBounds(at('2027-12-15T12:00:00Z'), london)).toEqual({
      today: '2027-12-15',
      dueSoonUntil: '2028-01-14',
    });
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addCalendarDays('2027-03-01', -1)).toBe('2027-02-28');
  });
});

describe('team task status', () => {
  const dues: DueStatus[] = ['pending', 'dueSoon', 'overdue'];

  it('complete wins, then n/a, then the due status; pending shows as incomplete', () => {
    for (const due of dues) {
      expect(teamTaskStatus('complete', due)).toBe('complete');
      expect(teamTaskStatus('n/a', due)).toBe('n/a');
    }
    expect(teamTaskStatus('incomplete', 'overdue')).toBe('overdue');
    expect(teamTaskStatus('incomplete', 'dueSoon')).toBe('dueSoon');
    expect(teamTaskStatus('incomplete', 'pending')).toBe('incomplete');
  });

  it("uses the spec's labels", () => {
    expect(TEAM_TASK_STATUSES.map((status) => TASK_STATUS_LABELS[status])).toEqual([
      'Complete',
      'N/A',
      'Overdue',
      'Due Soon',
      'Incomplete',
    ]);
  });

  it('every chip matches exactly one filter', () => {
    expect(TASK_STATUS_FILTERS).toEqual(['incomplete', 'complete', 'overdue', 'dueSoon', 'n/a']);
    for (const status of TEAM_TASK_STATUSES) {
      expect(TASK_STATUS_FILTERS.filter((filter) => matchesStatusFilter(status, filter))).toEqual([status]);
    }
  });
});
