import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantToLocal, isLocalDateTime, localToInstant } from './zonedTime';

describe('scheduled times in the event time zone', () => {
  it('reads 7:00 in London as 7:00 UTC in winter and 6:00 UTC in summer', () => {
    expect(localToInstant('2027-01-15T07:00', 'Europe/London').toISOString()).toBe(
      '2027-01-15T07:00:00.000Z',
    );
    expect(localToInstant('2027-07-15T07:00', 'Europe/London').toISOString()).toBe(
      '2027-07-15T06:00:00.000Z',
    );
    expect(localToInstant('2027-07-15T07:00', 'America/New_York').toISOString()).toBe(
      '2027-07-15T11:00:00.000Z',
    );
  });

  it('moves a time skipped by the spring clock change an hour on', () => {
    expect(localToInstant('2027-03-28T01:30', 'Europe/London').toISOString()).toBe(
      '2027-03-28T01:30:00.000Z',
    );
  });

  it('shows an instant as the local date and time of the zone', () => {
    expect(instantToLocal(new Date('2027-07-15T06:00:00Z'), 'Europe/London')).toBe('2027-07-15T07:00');
    expect(instantToLocal(new Date('2027-07-15T06:00:00Z'), 'Asia/Kolkata')).toBe('2027-07-15T11:30');
  });

  it('accepts only real dates and times', () => {
    expect(isLocalDateTime('2027-02-28T23:59')).toBe(true);
    expect(isLocalDateTime('2027-02-29T10:00')).toBe(false);
    expect(isLocalDateTime('2027-02-28T24:00')).toBe(false);
    expect(isLocalDateTime('2027-02-28 10:00')).toBe(false);
    expect(() => localToInstant('tomorrow', 'UTC')).toThrow(RangeError);
  });

  it('round-trips every minute in any zone: local -> instant -> local', () => {
    const zones = ['Europe/London', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'UTC'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1) / 60_000, max: Date.UTC(2035, 0, 1) / 60_000 }),
        fc.constantFrom(...zones),
        (minute, zone) => {
          const local = instantToLocal(new Date(minute * 60_000), zone);
          expect(isLocalDateTime(local)).toBe(true);
          expect(instantToLocal(localToInstant(local, zone), zone)).toBe(local);
        },
      ),
    );
  });
});
