import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLONE_ERRORS, cloneRequestSchema, nextEditionName, shiftDate } from './clone';

describe('shiftDate', () => {
  it('moves a date and a local date-time by whole days, keeping the time', () => {
    expect(shiftDate('2027-03-05', 364)).toBe('2028-03-03');
    expect(shiftDate('2027-03-05T09:30', 364)).toBe('2028-03-03T09:30');
    expect(shiftDate('2028-02-29', 365)).toBe('2029-02-28');
    expect(shiftDate('2027-01-01', -1)).toBe('2026-12-31');
  });
  it('keeps a value that holds no date', () => {
    expect(shiftDate('', 10)).toBe('');
    expect(shiftDate('soon', 10)).toBe('soon');
  });
  it('364 days keeps the weekday, and shifting back undoes it', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }),
        fc.integer({ min: -3650, max: 3650 }),
        (d, days) => {
          const iso = d.toISOString().slice(0, 10);
          const moved = shiftDate(iso, days);
          expect(shiftDate(moved, -days)).toBe(iso);
          const weekday = (s: string) => new Date(`${s}T00:00:00Z`).getUTCDay();
          expect(weekday(shiftDate(iso, 364))).toBe(weekday(iso));
        },
      ),
    );
  });
});

describe('cloneRequestSchema', () => {
  it('takes a name and a whole number of days', () => {
    expect(cloneRequestSchema.parse({ name: ' Expo 2028 ', shiftDays: 364 })).toEqual({
      name: 'Expo 2028',
      shiftDays: 364,
    });
  });
  it.each([
    [{ name: '', shiftDays: 1 }, CLONE_ERRORS.name],
    [{ name: 'x', shiftDays: 1.5 }, CLONE_ERRORS.shiftDays],
    [{ name: 'x', shiftDays: 4000 }, CLONE_ERRORS.shiftDays],
    [{ name: 'x', shiftDays: '3' }, CLONE_ERRORS.shiftDays],
  ])('refuses %j in the words shown', (body, message) => {
    const result = cloneRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(message);
  });
});

describe('nextEditionName', () => {
  it('moves the year on, or says it is the next edition', () => {
    expect(nextEditionName('Harbourside Expo 2027', 364)).toBe('Harbourside Expo 2028');
    expect(nextEditionName('Harbourside Expo', 364)).toBe('Harbourside Expo (next edition)');
  });
});
