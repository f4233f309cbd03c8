import { describe, expect, it } from 'vitest';
import { formatDay, formatTimeRange } from './format';

describe('time table dates', () => {
  it('prints wall-clock times as they are, whatever the browser zone', () => {
    expect(formatTimeRange('2027-05-10T09:00', '2027-05-10T18:00', 'en-GB')).toBe('09:00 – 18:00');
    expect(formatTimeRange('2027-10-30T22:00', '2027-10-31T06:00', 'en-GB')).toBe('22:00 – Sun 31 Oct 06:00');
  });

  it('names the day in the event locale', () => {
    expect(formatDay('2027-05-10', 'en-GB')).toMatch(/^Monday,? 10 May 2027$/);
    expect(formatDay('2027-05-10', 'de-DE')).toBe('Montag, 10. Mai 2027');
  });
});
