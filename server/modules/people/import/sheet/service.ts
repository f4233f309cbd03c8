import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import {
  IMPORT_ERRORS,
  MAX_IMPORT_ROWS,
  type RawCell,
  type RawSheet,
} from '../../../../../shared/people/importRules';
import type { ImportFormat } from '../../../../../shared/people/importSchema';
import { badRequest } from '../../../../platform/http/errors';

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * The file's format from its name and its bytes together: an XLSX is a zip, a CSV is text. A
 * renamed file (a .xlsx that is text, a .csv that is a zip, a PDF under either name) is refused.
 */
export function detectFormat(fileName: string, body: Buffer): ImportFormat {
  const extension = fileName.toLowerCase().split('.').pop();
  const isZip = body.subarray(0, 4).equals(ZIP_SIGNATURE);
  if (extension === 'xlsx' && isZip) return 'xlsx';
  if (extension === 'csv' && !isZip && !body.includes(0)) return 'csv';
  throw badRequest(IMPORT_ERRORS.wrongFileType);
}

/** Another import's row limit (the time table's is smaller than the team import's). */
export type SheetLimits = { maxRows: number; tooManyRows: string };
const TEAM_LIMITS: SheetLimits = { maxRows: MAX_IMPORT_ROWS, tooManyRows: IMPORT_ERRORS.tooManyRows };

/** Reads the first sheet of a CSV or XLSX into text cells; the header is row 1. */
export async function readSheet(
  format: ImportFormat,
  body: Buffer,
  limits: SheetLimits = TEAM_LIMITS,
): Promise<RawSheet> {
  if (body.length === 0) throw badRequest(IMPORT_ERRORS.emptyFile);
  const grid = format === 'csv' ? readCsv(body) : await readXlsx(body);
  const [header, ...rest] = grid;
  if (!header || header.every((c) => !c.text.trim())) throw badRequest(IMPORT_ERRORS.emptyFile);
  // Row numbers are the spreadsheet's, so blank rows are left out but still counted.
  const rows = rest
    .map((cells, i) => ({ rowNumber: i + 2, cells }))
    .filter((row) => row.cells.some((c) => c.text.trim() !== '' || c.isFormula));
  if (rows.length === 0) throw badRequest(IMPORT_ERRORS.noRows);
  if (rows.length > limits.maxRows) throw badRequest(limits.tooManyRows);
  return { header: header.map((c) => c.text.trim()), rows };
}

function readCsv(body: Buffer): RawCell[][] {
  // Excel writes a byte order mark at the start of UTF-8 CSV files.
  const text = body.toString('utf8').replace(/^\ufeff/, '');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  return parsed.data.map((row) => row.map((text) => ({ text: text ?? '', isFormula: false })));
}

async function readXlsx(body: Buffer): Promise<RawCell[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
  } catch {
    throw badRequest(IMPORT_ERRORS.unreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest(IMPORT_ERRORS.emptyFile);
  const grid: RawCell[][] = [];
  const width = sheet.columnCount;
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: RawCell[] = [];
    for (let col = 1; col <= width; col++) cells.push(cellText(row.getCell(col).value));
    grid[rowNumber - 1] = cells;
  });
  // eachRow leaves holes for rows the file does not hold at all.
  return Array.from(grid, (cells) => cells ?? []);
}

/** A cell's value as the text a person sees; a formula cell is flagged whatever its result. */
function cellText(value: ExcelJS.CellValue): RawCell {
  if (value === null || value === undefined) return { text: '', isFormula: false };
  if (typeof value === 'string') return { text: value, isFormula: false };
  if (typeof value === 'number') return { text: String(value), isFormula: false };
  if (typeof value === 'boolean') return { text: value ? 'Yes' : 'No', isFormula: false };
  if (value instanceof Date) return { text: dateCellText(value), isFormula: false };
  if ('formula' in value || 'sharedFormula' in value) {
    const result = 'result' in value ? value.result : undefined;
    return { text: result === undefined || result === null ? '' : String(result), isFormula: true };
  }
  if ('richText' in value) return { text: value.richText.map((r) => r.text).join(''), isFormula: false };
  // Excel turns typed emails into mailto links; the text is what was typed.
  if ('hyperlink' in value) {
    const text = value.text as unknown;
    if (typeof text === 'string') return { text, isFormula: false };
    if (text && typeof text === 'object' && 'richText' in text)
      return {
        text: (text as ExcelJS.CellRichTextValue).richText.map((r) => r.text).join(''),
        isFormula: false,
      };
    return { text: value.hyperlink.replace(/^mailto:/i, ''), isFormula: false };
  }
  if ('error' in value) return { text: String(value.error), isFormula: false };
  return { text: '', isFormula: false };
}

/**
 * ExcelJS gives a date cell's wall-clock value as if it were UTC (a spreadsheet has no zone). A
 * date alone reads as 'YYYY-MM-DD'; one with a time as 'YYYY-MM-DD HH:mm' (seconds dropped), which
 * the time table import takes as a local time in the event's zone.
 */
function dateCellText(value: Date): string {
  // A serial number's fraction can land a hair before the minute (08:59:59.999 for 09:00).
  const minute = new Date(Math.round(value.getTime() / 60_000) * 60_000);
  const iso = minute.toISOString();
  const hasTime = minute.getUTCHours() !== 0 || minute.getUTCMinutes() !== 0;
  return hasTime ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : iso.slice(0, 10);
}
