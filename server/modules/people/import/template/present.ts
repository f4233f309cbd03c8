import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { neutraliseCell } from '../../../../../shared/people/export';
import {
  IMPORT_COLUMNS,
  REQUIRED_IMPORT_COLUMNS,
  templateHeader,
} from '../../../../../shared/people/importRules';
import type { ImportFormat } from '../../../../../shared/people/importSchema';
import type { DbOrTx } from '../../../../platform/db/client';
import { listCustomFields } from '../../customFields/service';
import { listTeamTypes } from '../../teamTypes/service';

export const TEMPLATE_CONTENT_TYPES: Record<ImportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The import template of an event: the header row only (an example row would be imported by
 * whoever forgets to delete it). The XLSX adds a sheet saying what each column takes.
 */
export async function buildTemplate(db: DbOrTx, eventId: string, format: ImportFormat): Promise<Buffer> {
  const [fields, types] = await Promise.all([listCustomFields(db, eventId), listTeamTypes(db, eventId)]);
  // Labels are the admin's text, so they are neutralised like any exported cell.
  const header = templateHeader(fields).map(neutraliseCell);
  if (format === 'csv') return Buffer.from(`\ufeff${Papa.unparse({ fields: header, data: [] })}\r\n`);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Teams');
  sheet.addRow(header).font = { bold: true };
  sheet.columns.forEach((column) => {
    column.width = 22;
  });
  const help = workbook.addWorksheet('How to fill in');
  help.addRow(['Column', 'What it takes']).font = { bold: true };
  const typeNames = types.items.map((t) => t.name).join(', ') || 'no team types yet';
  const rows: [string, string][] = [
    [IMPORT_COLUMNS.teamName, 'The team name'],
    [IMPORT_COLUMNS.firstName, "The team owner's first name"],
    [IMPORT_COLUMNS.surname, "The team owner's surname"],
    [IMPORT_COLUMNS.email, "The team owner's email; one team per owner"],
    [IMPORT_COLUMNS.teamType, `Blank, or one of: ${typeNames}`],
    [IMPORT_COLUMNS.isOrganiser, 'Yes or No (blank is No)'],
    ...fields.map((f): [string, string] => [f.label, f.type === 'boolean' ? 'Yes or No' : 'Text']),
  ];
  for (const [column, takes] of rows) {
    const required = REQUIRED_IMPORT_COLUMNS.includes(column as (typeof REQUIRED_IMPORT_COLUMNS)[number]);
    help.addRow([neutraliseCell(column), neutraliseCell(required ? `${takes} (required)` : takes)]);
  }
  help.getColumn(1).width = 24;
  help.getColumn(2).width = 70;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
