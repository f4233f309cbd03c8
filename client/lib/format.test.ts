import { describe, expect, it } from 'vitest';
import { daysBetween, formatDate, formatDateRange, formatDateTime, todayIn } from './format';

const london = { timeZone: 'Europe/London', locale: 'en-GB' };

describe('format', () => {
  it('shows calendar dates as they are, whatever the time zone', () => {
    expect(formatDate('2027-03-01', { timeZone: 'Pacific/Honolulu', locale: 'en-GB' })).toBe('1 Mar 2027');
    expect(formatDate('2027-03-01', { timeZone: 'Pacific/Kiritimati', locale: 'en-US' })).toBe('Mar 1, 2027');
  });

  it("shows instants in the event's time zone and locale", () => {
    expect(formatDateTime('2027-07-01T23:30:00Z', london)).toBe('2 Jul 2027, 00:30');
    expect(formatDateTime('2027-07-01T23:30:00Z', { timeZone: 'America/New_York', locale: 'en-US' })).toBe(
      'Jul 1, 2027, 7:30 PM',
    );
  });

  it('formats a date range compactly', () => {
    // ICU versions differ in the spaces around the dash; the range itself must be one phrase.
    expect(formatDateRange('2027-03-12', '2027-03-14', london)).toMatch(/^12\s*–\s*14 Mar 2027$/);
    expect(formatDateRange('2027-03-12', '2027-03-12', london)).toBe('12 Mar 2027');
  });

  it("knows today's date in a zone and counts calendar days", () => {
    const instant = new Date('2027-03-11T23:30:00Z');
    expect(todayIn('Europe/London', instant)).toBe('2027-03-11');
    expect(todayIn('Europe/Berlin', instant)).toBe('2027-03-12');
    expect(daysBetween('2027-03-11', '2027-03-14')).toBe(3);
    expect(daysBetween('2027-03-14', '2027-03-11')).toBe(-3);
    // Across the clocks going forward (28 March 2027 in Europe) a day is still a day.
    expect(daysBetween('2027-03-27', '2027-03-29')).toBe(2);
  });

  it('leaves what it cannot read as it is', () => {
    expect(formatDate('soon', london)).toBe('soon');
    expect(formatDateTime('later', london)).toBe('later');
  });
});
