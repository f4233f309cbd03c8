import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesUrgency, toUrgencyFilter, URGENCY_FILTERS, URGENCY_LABELS } from './urgency';

describe('urgency filter', () => {
  it('keeps time-sensitive tasks under "Time sensitive" and the others under "Not time sensitive"', () => {
    expect(URGENCY_LABELS.timeSensitive).toBe('Time sensitive');
    expect(matchesUrgency(true, 'timeSensitive')).toBe(true);
    expect(matchesUrgency(false, 'timeSensitive')).toBe(false);
    expect(matchesUrgency(false, 'notTimeSensitive')).toBe(true);
    expect(matchesUrgency(true, 'notTimeSensitive')).toBe(false);
  });

  it('splits any list in two with no task lost or kept twice, and keeps all without a filter', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean()), (flags) => {
        const kept = URGENCY_FILTERS.map((filter) => flags.filter((flag) => matchesUrgency(flag, filter)));
        expect(kept[0].length + kept[1].length).toBe(flags.length);
        expect(flags.filter((flag) => matchesUrgency(flag, null))).toEqual(flags);
      }),
    );
  });

  it('reads only the known filters from an address', () => {
    expect(toUrgencyFilter('timeSensitive')).toBe('timeSensitive');
    expect(toUrgencyFilter('urgent')).toBeNull();
    expect(toUrgencyFilter(null)).toBeNull();
  });
});
