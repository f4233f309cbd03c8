import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkHeader,
  checkSheet,
  countStatuses,
  type ImportContext,
  importRowValuesSchema,
  looksLikeFormula,
  parseYesNo,
  type RawSheet,
  templateHeader,
} from './importRules';

const TYPE_ID = '00000000-0000-4000-8000-000000000001';
const FIELD_ID = '00000000-0000-4000-8000-000000000002';
const FLAG_ID = '00000000-0000-4000-8000-000000000003';
const context = (people: ImportContext['people'] = new Map()): ImportContext => ({
  teamTypes: [{ id: TYPE_ID, name: 'Exhibitor' }],
  customFields: [
    { id: FIELD_ID, label: 'Stand Number', type: 'text' },
    { id: FLAG_ID, label: 'Vegan Menu', type: 'boolean' },
  ],
  people,
});
const HEADER = templateHeader(context().customFields);
const sheet = (...rows: string[][]): RawSheet => ({
  header: HEADER,
  rows: rows.map((cells, i) => ({
    rowNumber: i + 2,
    cells: cells.map((text) => ({ text, isFormula: false })),
  })),
});

describe('team import rules', () => {
  it('the template has the fixed columns, then one per custom field', () => {
    expect(HEADER).toEqual([
      'Team Name',
      'First Name',
      'Surname',
      'Email',
      'Team Type',
      'Organiser',
      'Stand Number',
      'Vegan Menu',
    ]);
  });

  it('a header needs the required columns, knows every column, and names no column twice', () => {
    expect(checkHeader(HEADER, context())).toEqual([]);
    // Optional columns may be left out, and case and spaces do not matter.
    expect(checkHeader([' team name', 'FIRST NAME', 'Surname', 'Email'], context())).toEqual([]);
    expect(checkHeader(['Team Name', 'Email', 'Colour', 'Email'], context())).toEqual([
      { column: null, message: 'Missing columns: First Name, Surname' },
      { column: null, message: 'Unknown columns: Colour' },
      { column: null, message: 'Duplicate columns: Email' },
    ]);
  });

  it('a good row becomes createTeam values: trimmed, email lower-case, type by name, Yes/No read', () => {
    const { rows } = checkSheet(
      sheet([' Harbour Fish ', ' Ada ', 'Lovelace', ' Ada@Example.TEST ', 'exhibitor', 'yes', 'A12', 'Y']),
      context(),
    );
    expect(rows[0]).toMatchObject({ rowNumber: 2, status: 'ready', errors: [] });
    expect(rows[0].values).toEqual({
      teamName: 'Harbour Fish',
      firstName: 'Ada',
      surname: 'Lovelace',
      email: 'ada@example.test',
      teamTypeId: TYPE_ID,
      isOrganiser: true,
      customFields: { [FIELD_ID]: 'A12', [FLAG_ID]: true },
    });
    expect(importRowValuesSchema.parse(rows[0].values)).toEqual(rows[0].values);
  });

  it('reports each bad cell with its column', () => {
    const { rows } = checkSheet(
      sheet(
        ['', 'Bo', 'Smith', 'bo@example', 'Sponsor', 'perhaps', '', 'x'],
        ['@SUM(A1)', 'Cy', '-Jones', 'cy@example.test', '', '', '+44', ''],
        ['T'.repeat(201), 'D'.repeat(101), 'Ok', `${'e'.repeat(250)}@x.io`, '', '', 's'.repeat(2001), ''],
      ),
      context(),
    );
    expect(rows.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(rows[0].errors).toEqual([
      { column: 'Team Name', message: 'Required' },
      { column: 'Email', message: 'Invalid email' },
      { column: 'Team Type', message: 'Invalid team type' },
      { column: 'Organiser', message: 'Use Yes or No' },
      { column: 'Vegan Menu', message: 'Use Yes or No' },
    ]);
    expect(rows[1].errors).toEqual([
      { column: 'Team Name', message: 'Formulas are not allowed' },
      { column: 'Surname', message: 'Formulas are not allowed' },
      { column: 'Stand Number', message: 'Formulas are not allowed' },
    ]);
    expect(rows[2].errors).toEqual([
      { column: 'Team Name', message: 'Longer than 200 characters' },
      { column: 'First Name', message: 'Longer than 100 characters' },
      { column: 'Email', message: 'Longer than 254 characters' },
      { column: 'Stand Number', message: 'Longer than 2000 characters' },
    ]);
    expect(rows.every((r) => r.values === null)).toBe(true);
  });

  it('an XLSX formula cell is refused whatever its result', () => {
    const raw = sheet(['Co', 'Ed', 'Eve', 'ed@example.test']);
    raw.rows[0].cells[0] = { text: 'Computed Co', isFormula: true };
    expect(checkSheet(raw, context()).rows[0].errors).toEqual([
      { column: 'Team Name', message: 'Formulas are not allowed' },
    ]);
  });

  it('every row sharing an email is rejected, naming the other rows', () => {
    const { rows } = checkSheet(
      sheet(['A', 'A', 'A', 'same@x.io'], ['B', 'B', 'B', 'other@x.io'], ['C', 'C', 'C', ' SAME@x.io']),
      context(),
    );
    expect(rows.map((r) => r.status)).toEqual(['rejected', 'ready', 'rejected']);
    expect(rows[0].errors).toEqual([{ column: 'Email', message: 'Duplicate email in this file (rows 4)' }]);
    expect(rows[2].errors).toEqual([{ column: 'Email', message: 'Duplicate email in this file (rows 2)' }]);
  });

  it('an owner of another team or a member of one is rejected; the owner of this team is skipped', () => {
    const people: ImportContext['people'] = new Map([
      ['owner@x.io', { teamName: 'Fish Co', isOwner: true }],
      ['member@x.io', { teamName: 'Fish Co', isOwner: false }],
      ['free@x.io', { teamName: null, isOwner: false }],
    ]);
    const { rows } = checkSheet(
      sheet(['New Co', 'M', 'M', 'member@x.io'], ['Free Co', 'F', 'F', 'free@x.io']),
      context(people),
    );
    expect(rows[0].errors).toEqual([{ column: 'Email', message: 'This user is already in a team' }]);
    // In the event without a team: the import makes them the owner of the new team.
    expect(rows[1].status).toBe('ready');
    const alone = (row: string[]) => checkSheet(sheet(row), context(people)).rows[0];
    expect(alone(['Meat Co', 'O', 'O', 'owner@x.io']).errors).toEqual([
      { column: 'Email', message: 'This email already owns a team' },
    ]);
    expect(alone([' fish co ', 'O', 'O', 'OWNER@x.io'])).toMatchObject({
      status: 'skipped',
      errors: [{ column: null, message: 'Already imported: this email owns this team' }],
    });
  });

  it('Yes/No cells: blank is No, and only yes/no words are read', () => {
    expect(['Yes', 'y', 'TRUE', '1'].map(parseYesNo)).toEqual([true, true, true, true]);
    expect(['No', 'n', 'false', '0', '', '  '].map(parseYesNo)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(parseYesNo('maybe')).toBeNull();
  });

  it('property: a formula-looking cell never reaches a ready row, whatever column it is in', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('=', '+', '-', '@', '\t', '\r'),
        fc.string({ maxLength: 20 }),
        fc.nat(HEADER.length - 1),
        (lead, rest, column) => {
          const cells = ['Co', 'Fi', 'Su', 'a@b.io', '', '', '', ''];
          cells[column] = `${lead}${rest}`;
          const row = checkSheet(sheet(cells), context()).rows[0];
          expect(looksLikeFormula({ text: cells[column], isFormula: false })).toBe(true);
          expect(row.status).toBe('rejected');
          expect(row.errors).toContainEqual({ column: HEADER[column], message: 'Formulas are not allowed' });
        },
      ),
    );
  });

  it('property: ready rows have unique, lower-case emails and values createTeam accepts', () => {
    const email = fc.constantFrom('a@x.io', 'B@x.io', ' b@X.io ', 'c@x.io', 'bad', '');
    const text = fc.constantFrom('', 'Fish', ' Co ', '=1', 'x'.repeat(201));
    const rowArb = fc.tuple(text, text, text, email, fc.constantFrom('', 'Exhibitor', 'Other'));
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 12 }), (rows) => {
        const result = checkSheet(sheet(...rows.map((r) => [...r])), context());
        expect(result.rows.map((r) => r.rowNumber)).toEqual(rows.map((_, i) => i + 2));
        const ready = result.rows.filter((r) => r.status === 'ready');
        const emails = ready.map((r) => r.values?.email);
        expect(new Set(emails).size).toBe(emails.length);
        for (const row of ready) {
          expect(importRowValuesSchema.safeParse(row.values).success).toBe(true);
          expect(row.values?.email).toBe(row.values?.email.trim().toLowerCase());
        }
        for (const row of result.rows) {
          if (row.status === 'rejected') expect(row.errors.length).toBeGreaterThan(0);
          else expect(row.values).not.toBeNull();
        }
        const counts = countStatuses(result.rows);
        expect(counts.ready + counts.skipped + counts.rejected).toBe(rows.length);
      }),
    );
  });
});
