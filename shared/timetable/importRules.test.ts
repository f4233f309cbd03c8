import { describe, expect, it } from 'vitest';
import type { RawSheet } from '../people/importRules';
import {
  checkSessionSheet,
  parseSheetDateTime,
  SESSION_IMPORT_ALL_COLUMNS,
  type SessionImportContext,
  sessionKey,
} from './importRules';

const TRACK = '00000000-0000-4000-8000-000000000001';
const CATERER = '00000000-0000-4000-8000-000000000002';
const STAND = '00000000-0000-4000-8000-000000000003';
const context = (existing: string[] = []): SessionImportContext => ({
  timeZone: 'Europe/London',
  tracks: [{ id: TRACK, name: 'Build-up' }],
  teamTypes: [
    { id: CATERER, name: 'Caterer' },
    { id: STAND, name: 'Stand, shell scheme' },
  ],
  existing: new Set(existing),
});

/** A sheet with the template's header and rows given by column name. */
function sheet(rows: Record<string, string>[], header = SESSION_IMPORT_ALL_COLUMNS): RawSheet {
  return {
    header,
    rows: rows.map((r, i) => ({
      rowNumber: i + 2,
      cells: header.map((h) => ({ text: r[h] ?? '', isFormula: false })),
    })),
  };
}
const base = { Title: 'Doors open', Starts: '2027-05-10 09:00', Ends: '2027-05-10 10:00' };

describe('time table import rules', () => {
  it('reads ISO dates and times, and refuses day-month orders it would have to guess', () => {
    expect(parseSheetDateTime('2027-05-10 09:30')).toBe('2027-05-10T09:30');
    expect(parseSheetDateTime('2027-5-1T7:05')).toBe('2027-05-01T07:05');
    expect(parseSheetDateTime(' 2027-05-10 09:30:00 ')).toBe('2027-05-10T09:30');
    expect(parseSheetDateTime('10/05/2027 09:30')).toBeNull();
    expect(parseSheetDateTime('2027-02-30 09:30')).toBeNull();
    expect(parseSheetDateTime('2027-05-10')).toBeNull();
    expect(parseSheetDateTime('2027-05-10 24:00')).toBeNull();
  });

  it('makes a ready row the form would save, with its track and team types by name', () => {
    const { rows } = checkSessionSheet(
      sheet([
        {
          ...base,
          Location: 'Hall 1',
          Track: 'build-UP',
          'Team Types': 'caterer; Stand, shell scheme',
          'Show to stand shares': 'No',
        },
      ]),
      context(),
    );
    expect(rows[0]).toMatchObject({ status: 'ready', errors: [] });
    expect(rows[0].values).toMatchObject({
      title: 'Doors open',
      startsAt: '2027-05-10T09:00',
      endsAt: '2027-05-10T10:00',
      location: 'Hall 1',
      trackId: TRACK,
      teamTypeIds: [CATERER, STAND],
      showToChildTeams: false,
    });
  });

  it('matches a team type whose name holds a comma whole, and blank stand shares as Yes', () => {
    const { rows } = checkSessionSheet(sheet([{ ...base, 'Team Types': 'Stand, shell scheme' }]), context());
    expect(rows[0].values).toMatchObject({ teamTypeIds: [STAND], showToChildTeams: true });
  });

  it('says what is wrong with each cell, in words', () => {
    const { rows } = checkSessionSheet(
      sheet([
        { Title: '', Starts: '10/05/2027 09:00', Ends: '2027-05-10 10:00' },
        { ...base, Ends: '2027-05-10 08:00', Track: 'Show', 'Team Types': 'Florist' },
        { ...base, Ends: '2027-05-30 08:00', 'Show to stand shares': 'maybe' },
        { ...base, Title: '=HYPERLINK("http://x")' },
        // Clocks go forward at 01:00 in London on 2027-03-28: 01:30 does not exist.
        { ...base, Starts: '2027-03-28 01:30', Ends: '2027-03-28 03:00' },
      ]),
      context(),
    );
    expect(rows.map((r) => r.status)).toEqual(Array(5).fill('rejected'));
    expect(rows[0].errors).toEqual([
      { column: 'Title', message: 'Required' },
      { column: 'Starts', message: 'Use a date and time such as 2027-05-10 09:30' },
    ]);
    expect(rows[1].errors).toEqual([
      { column: 'Ends', message: 'End after the start' },
      { column: 'Track', message: 'No track is called "Show"' },
      { column: 'Team Types', message: 'No team type is called "Florist"' },
    ]);
    expect(rows[2].errors).toEqual([
      { column: 'Ends', message: 'A session lasts at most 14 days' },
      { column: 'Show to stand shares', message: 'Use Yes or No' },
    ]);
    expect(rows[3].errors).toEqual([{ column: 'Title', message: 'Formulas are not allowed' }]);
    expect(rows[4].errors).toEqual([
      { column: 'Starts', message: 'This time does not exist in Europe/London: the clocks go forward' },
    ]);
  });

  it('refuses a file whose columns are missing, unknown or repeated', () => {
    const { fileErrors, rows } = checkSessionSheet(
      sheet([base], ['Title', 'Starts', 'Room', 'starts']),
      context(),
    );
    expect(rows).toEqual([]);
    expect(fileErrors.map((e) => e.message)).toEqual([
      'Missing columns: Ends',
      'Unknown columns: Room',
      'Duplicate columns: starts',
    ]);
  });

  it('refuses rows repeating each other and skips sessions already in the time table', () => {
    const existing = sessionKey({
      title: 'Briefing',
      startsAt: '2027-05-10T08:00',
      endsAt: '2027-05-10T08:30',
      location: 'Hall 1',
    });
    const { rows } = checkSessionSheet(
      sheet([
        base,
        { ...base, Title: ' doors  OPEN ' },
        { Title: 'briefing', Starts: '2027-05-10 08:00', Ends: '2027-05-10 08:30', Location: 'hall 1' },
        { ...base, Title: 'Lunch' },
      ]),
      context([existing]),
    );
    expect(rows.map((r) => r.status)).toEqual(['rejected', 'rejected', 'skipped', 'ready']);
    expect(rows[0].errors).toEqual([{ column: null, message: 'The same session as row 3 of this file' }]);
    expect(rows[2].errors).toEqual([
      { column: null, message: 'Already in the time table (same title, start, end and location)' },
    ]);
  });
});
