import { describe, expect, it } from 'vitest';
import { dayGrid } from './grid';

const at = (title: string, location: string, startsAt: string, endsAt: string) => ({
  title,
  location,
  startsAt,
  endsAt,
});

describe("the time table's grid of a day", () => {
  const sessions = [
    at('Doors open', 'Hall 1', '2027-05-10T09:00', '2027-05-10T18:00'),
    at('Briefing', 'Hall 1', '2027-05-10T08:30', '2027-05-10T09:15'),
    at('Deliveries', '', '2027-05-10T07:00', '2027-05-10T08:00'),
    at('Night build', 'Gate 2', '2027-05-10T22:00', '2027-05-11T06:00'),
    at('Next day', 'Hall 1', '2027-05-11T09:00', '2027-05-11T10:00'),
  ];

  it('spans whole hours of the day, locations by name with no location last, overlaps in lanes', () => {
    const grid = dayGrid('2027-05-10', sessions);
    expect(grid.startMinute).toBe(7 * 60);
    expect(grid.endMinute).toBe(24 * 60);
    expect(grid.slots).toBe(17 * 4);
    expect(grid.locations).toEqual([
      { name: 'Gate 2', column: 0, lanes: 1 },
      { name: 'Hall 1', column: 1, lanes: 2 },
      { name: '', column: 3, lanes: 1 },
    ]);
    expect(grid.columns).toBe(4);
    const place = (title: string) => grid.placements.find((p) => p.session.title === title);
    expect(place('Briefing')).toMatchObject({ rowStart: 6, rowEnd: 9, column: 1 });
    // Doors open starts while the briefing is still on: the second lane of Hall 1.
    expect(place('Doors open')).toMatchObject({ rowStart: 8, rowEnd: 44, column: 2 });
    // Past midnight: drawn to the end of its first day.
    expect(place('Night build')).toMatchObject({ rowStart: 60, rowEnd: 68, column: 0 });
    expect(place('Next day')).toBeUndefined();
  });
});
