import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayOf, instantOf, isLocalDateTime, localDateTimeAt, nextDay, wallMinutesBetween } from './zone';

describe('local date and time in the event time zone', () => {
  it('accepts real local times only', () => {
    expect(isLocalDateTime('2027-03-01T08:00')).toBe(true);
    for (const bad of ['2027-02-30T08:00', '2027-03-01 08:00', '2027-03-01T24:00', '2027-3-1T8:00', '']) {
      expect(isLocalDateTime(bad)).toBe(false);
    }
  });

  it('turns a local time into the instant it names, in the zone of that day', () => {
    // London: GMT in winter, BST (UTC+1) in summer.
    expect(instantOf('2027-01-15T09:00', 'Europe/London').toISOString()).toBe('2027-01-15T09:00:00.000Z');
    expect(instantOf('2027-07-15T09:00', 'Europe/London').toISOString()).toBe('2027-07-15T08:00:00.000Z');
    expect(instantOf('2027-07-15T09:00', 'America/New_York').toISOString()).toBe('2027-07-15T13:00:00.000Z');
    expect(instantOf('2027-07-15T09:00', 'Asia/Kolkata').toISOString()).toBe('2027-07-15T03:30:00.000Z');
  });

  it('moves a time in the spring-forward gap on by the gap, and takes the earlier of a repeated hour', () => {
    // 28 March 2027: London's clocks go from 01:00 to 02:00; 31 October 2027: from 02:00 back to 01:00.
    expect(instantOf('2027-03-28T01:30', 'Europe/London').toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(localDateTimeAt(instantOf('2027-03-28T01:30', 'Europe/London'), 'Europe/London')).toBe(
      '2027-03-28T02:30',
    );
    expect(instantOf('2027-10-31T01:30', 'Europe/London').toISOString()).toBe('2027-10-31T00:30:00.000Z');
  });

  it('keeps wall-clock lengths apart from elapsed time across a change', () => {
    // An overnight build-up across the clocks going forward: 10 h on the clock, 9 h elapsed.
    const start = '2027-03-27T22:00';
    const end = '2027-03-28T08:00';
    expect(wallMinutesBetween(start, end)).toBe(600);
    const elapsed = instantOf(end, 'Europe/London').getTime() - instantOf(start, 'Europe/London').getTime();
    expect(elapsed / 60_000).toBe(540);
  });

  it('names days and the day after', () => {
    expect(dayOf('2027-03-01T08:00')).toBe('2027-03-01');
    expect(nextDay('2027-02-28')).toBe('2027-03-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2027-12-31')).toBe('2028-01-01');
  });

  const zones = [
    'Europe/London',
    'America/New_York',
    'Australia/Sydney',
    'Asia/Kolkata',
    'Pacific/Chatham',
    'UTC',
  ];
  const minutes = fc.integer({ min: Date.UTC(2000, 0, 1) / 60_000, max: Date.UTC(2060, 0, 1) / 60_000 });

  it('property: the local time of an instant names that instant, or the earlier of a repeated hour', () => {
    fc.assert(
      fc.property(minutes, fc.constantFrom(...zones), (minute, zone) => {
        const at = new Date(minute * 60_000);
        const local = localDateTimeAt(at, zone);
        const back = instantOf(local, zone);
        expect(localDateTimeAt(back, zone)).toBe(local);
        expect(back.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(at.getTime() - back.getTime()).toBeLessThanOrEqual(3 * 3_600_000);
      }),
    );
  });

  it('property: every valid local time maps to an instant whose local time is at or just after it', () => {
    fc.assert(
      fc.property(minutes, fc.constantFrom(...zones), (minute, zone) => {
        const local = new Date(minute * 60_000).toISOString().slice(0, 16);
        const shown = localDateTimeAt(instantOf(local, zone), zone);
        const gap = wallMinutesBetween(local, shown);
        expect(gap).toBeGreaterThanOrEqual(0);
        expect(gap).toBeLessThanOrEqual(60);
      }),
    );
  });
});
