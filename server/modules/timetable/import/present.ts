import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { neutraliseCell } from '../../../../shared/people/export';
import type { ImportFormat } from '../../../../shared/people/importSchema';
import {
  SESSION_IMPORT_COLUMNS as C,
  MAX_SESSION_IMPORT_ROWS,
  SESSION_IMPORT_ALL_COLUMNS,
  SESSION_IMPORT_REQUIRED_COLUMNS,
} from '../../../../shared/timetable/importRules';
import type { DbOrTx } from '../../../platform/db/client';
import { sessionImportContext } from './service';

/**
 * The session import template: the header row only (an example row would be imported by whoever
 * forgets to delete it). The XLSX adds a sheet saying what each column takes, with the event's
 * zone, tracks and team types; Starts and Ends are text columns, so Excel keeps what is typed.
 */
export async function buildSessionTemplate(
  db: DbOrTx,
  eventId: string,
  format: ImportFormat,
): Promise<Buffer> {
  const header = SESSION_IMPORT_ALL_COLUMNS;
  if (format === 'csv') return Buffer.from(`\ufeff${Papa.unparse({ fields: header, data: [] })}\r\n`);
  const context = await sessionImportContext(db, eventId);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sessions');
  sheet.addRow(header).font = { bold: true };
  sheet.columns.forEach((column) => {
    column.width = 22;
  });
  for (const column of [2, 3]) sheet.getColumn(column).numFmt = '@';
  const help = workbook.addWorksheet('How to fill in');
  help.addRow(['Column', 'What it takes']).font = { bold: true };
  // Names are the organiser's text, so they are neutralised like any exported cell.
  const names = (items: { name: string }[], none: string) => items.map((i) => i.name).join(', ') || none;
  const rows: [string, string][] = [
    [C.title, 'The session title'],
    [C.startsAt, `Date and time in ${context.timeZone}, such as 2027-05-10 09:30`],
    [C.endsAt, 'Date and time, after the start and at most 14 days later'],
    [C.location, 'Where it happens (blank for none)'],
    [C.description, 'Plain text (blank for none)'],
    [C.track, `Blank, or one of: ${names(context.tracks, 'no tracks yet')}`],
    [
      C.teamTypes,
      `Blank for everyone, or one or more of (separated by commas): ${names(context.teamTypes, 'no team types yet')}`,
    ],
    [C.showToChildTeams, 'Yes or No (blank is Yes)'],
  ];
  for (const [column, takes] of rows) {
    const required = SESSION_IMPORT_REQUIRED_COLUMNS.includes(column);
    help.addRow([column, neutraliseCell(required ? `${takes} (required)` : takes)]);
  }
  help.addRow([]);
  help.addRow([`Up to ${MAX_SESSION_IMPORT_ROWS.toLocaleString('en-GB')} rows per file.`]);
  help.getColumn(1).width = 24;
  help.getColumn(2).width = 80;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
