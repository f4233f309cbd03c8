import { describe, expect, it } from 'vitest';
import { neutraliseCell, userExportFileName } from './export';

describe('user report cells and file name', () => {
  it('prefixes a quote to cells a spreadsheet would run as a formula, and leaves the rest', () => {
    for (const cell of ['=1+1', '+44 20', '-2', '@SUM(A1)', '\tx', '\rx']) {
      expect(neutraliseCell(cell)).toBe(`'${cell}`);
    }
    for (const cell of ['Bakery', '', "'quoted", 'a=b', '2027-05-10 09:00']) {
      expect(neutraliseCell(cell)).toBe(cell);
    }
  });

  it('names the file after the short name and the date, with unsafe characters replaced', () => {
    expect(userExportFileName('Expo 2027', '2027-05-10', 'csv')).toBe('users-Expo-2027-2027-05-10.csv');
    expect(userExportFileName('Café/"Show"', '2027-05-10', 'xlsx')).toBe('users-Cafe-Show-2027-05-10.xlsx');
    expect(userExportFileName('', '2027-05-10', 'csv')).toBe('users-event-2027-05-10.csv');
  });
});
