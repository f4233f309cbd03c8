import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysSince, daysSinceLaunch, LOGIN_ACTIVITIES, loginActivityOf } from './loginActivity';

const now = new Date('2027-06-01T12:00:00Z');
const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

describe('team login activity (spec: active within 7 days; inactive over 14 days or never)', () => {
  it('splits at 7 and 14 days', () => {
    expect(loginActivityOf(null, now)).toBe('inactive');
    expect(loginActivityOf(ago(1), now)).toBe('active');
    expect(loginActivityOf(ago(7 * 24), now)).toBe('active');
    expect(loginActivityOf(ago(7 * 24 + 1), now)).toBe('idle');
    expect(loginActivityOf(ago(14 * 24), now)).toBe('idle');
    expect(loginActivityOf(ago(14 * 24 + 1), now)).toBe('inactive');
  });

  it('never gets more active as a login grows older', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: 0, max: 2_000 }), (a, b) => {
        const [recent, old] = a <= b ? [a, b] : [b, a];
        const rank = (h: number) => LOGIN_ACTIVITIES.indexOf(loginActivityOf(ago(h), now));
        expect(rank(old)).toBeGreaterThanOrEqual(rank(recent));
      }),
    );
  });

  it('counts whole days since a login and calendar days since the launch date', () => {
    expect(daysSince(null, now)).toBeNull();
    expect(daysSince(ago(36), now)).toBe(1);
    expect(daysSince(ago(-5), now)).toBe(0);
    expect(daysSinceLaunch(undefined, '2027-06-01')).toBeNull();
    expect(daysSinceLaunch('2027-05-01', '2027-06-01')).toBe(31);
    expect(daysSinceLaunch('2027-06-10', '2027-06-01')).toBe(-9);
  });
});
