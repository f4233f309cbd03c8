import { describe, expect, it } from 'vitest';
import { countdown } from './countdown';

describe('countdown', () => {
  it('counts the days to the start, then says running, then ended', () => {
    expect(countdown('2027-03-12', '2027-03-14', '2027-02-10')).toBe('Starts in 30 days');
    expect(countdown('2027-03-12', '2027-03-14', '2027-03-11')).toBe('Starts in 1 day');
    expect(countdown('2027-03-12', '2027-03-14', '2027-03-12')).toBe('Running now');
    expect(countdown('2027-03-12', '2027-03-14', '2027-03-14')).toBe('Running now');
    expect(countdown('2027-03-12', '2027-03-14', '2027-03-15')).toBe('Ended');
  });
});
