import { z } from 'zod';

/**
 * Bulk team import (spec: /admin/teams/import, "Import flow state: imported rows, imported cells,
 * row errors, cell errors"). Pure rules: the server parses the file into cells, these decide which
 * rows may be written, and the same rules re-check each row when the job writes it.
 */

/** The template's fixed columns, in order; custom fields follow, one column per field label. */
export const IMPORT_COLUMNS = {
  teamName: 'Team Name',
  firstName: 'First Name',
  surname: 'Surname',
  email: 'Email',
  teamType: 'Team Type',
  isOrganiser: 'Organiser',
} as const;
export type ImportColumnKey = keyof typeof IMPORT_COLUMNS;
export const IMPORT_FIXED_COLUMNS = Object.values(IMPORT_COLUMNS);
/** A file may leave out the optional columns (no team type, not organisers, default field values). */
export const REQUIRED_IMPORT_COLUMNS = [
  IMPORT_COLUMNS.teamName,
  IMPORT_COLUMNS.firstName,
  IMPORT_COLUMNS.surname,
  IMPORT_COLUMNS.email,
];

export const MAX_IMPORT_ROWS = 10_000;
export const MAX_IMPORT_FILE_BYTES = 10 * 1024 * 1024;
/** Lengths as createTeam allows them (shared/people/schema.ts). */
export const IMPORT_LIMITS = { teamName: 200, personName: 100, email: 254, customText: 2000 } as const;

export const IMPORT_ERRORS = {
  wrongFileType: 'Upload a CSV or XLSX file',
  emptyFile: 'The file is empty',
  noRows: 'The file has no rows to import',
  tooManyRows: `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-GB')} rows`,
  tooLarge: `The file is larger than ${MAX_IMPORT_FILE_BYTES / 1024 / 1024} MB`,
  unreadable: 'The file could not be read',
  missingColumns: 'Missing columns',
  unknownColumns: 'Unknown columns',
  duplicateColumns: 'Duplicate columns',
  required: 'Required',
  tooLong: (max: number) => `Longer than ${max} characters`,
  formula: 'Formulas are not allowed',
  invalidEmail: 'Invalid email',
  duplicateEmail: (rows: number[]) => `Duplicate email in this file (rows ${rows.join(', ')})`,
  ownsTeam: 'This email already owns a team',
  inTeam: 'This user is already in a team',
  invalidTeamType: 'Invalid team type',
  yesNo: 'Use Yes or No',
  alreadyImported: 'Already imported: this email owns this team',
  nothingToImport: 'There are no rows ready to import',
  alreadyStarted: 'This import has already started',
  running: 'An import is already running',
  notFound: 'Import not found',
} as const;

/** One cell as read from the file; XLSX formula cells are flagged by the reader. */
export type RawCell = { text: string; isFormula: boolean };
export type RawSheet = { header: string[]; rows: { rowNumber: number; cells: RawCell[] }[] };

/** What the rules need to know about the event. */
export type ImportContext = {
  teamTypes: { id: string; name: string }[];
  customFields: { id: string; label: string; type: 'text' | 'boolean' }[];
  /** People of the event among the file's emails (lower-case): the team they are in, if any. */
  people: Map<string, { teamName: string | null; isOwner: boolean }>;
};

export const importRowValuesSchema = z.strictObject({
  teamName: z.string().trim().min(1).max(IMPORT_LIMITS.teamName),
  firstName: z.string().trim().min(1).max(IMPORT_LIMITS.personName),
  surname: z.string().trim().min(1).max(IMPORT_LIMITS.personName),
  email: z.string().trim().toLowerCase().pipe(z.email().max(IMPORT_LIMITS.email)),
  teamTypeId: z.uuid().nullable(),
  isOrganiser: z.boolean(),
  customFields: z.record(z.uuid(), z.union([z.string().max(IMPORT_LIMITS.customText), z.boolean()])),
});
/** A row ready to write: what createTeam takes. */
export type ImportRowValues = z.infer<typeof importRowValuesSchema>;

export const IMPORT_ROW_STATUSES = ['ready', 'skipped', 'rejected', 'created', 'failed'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

export type CellError = { column: string | null; message: string };
export type CheckedRow = {
  rowNumber: number;
  status: 'ready' | 'skipped' | 'rejected';
  /** The row's cells by column, as shown in the preview. */
  cells: Record<string, string>;
  errors: CellError[];
  values: ImportRowValues | null;
};
export type SheetCheck = { fileErrors: CellError[]; rows: CheckedRow[] };

/** Leading characters a spreadsheet reads as a formula (CSV injection); tab and CR too. */
const FORMULA_START = /^[=+\-@\t\r]/;
export const looksLikeFormula = (cell: RawCell): boolean => cell.isFormula || FORMULA_START.test(cell.text);

const emailSchema = z.email();
const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0', '']);

/** Yes/No cells (Organiser, Yes/No custom fields): blank is No; anything else is an error. */
export function parseYesNo(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (YES.has(value)) return true;
  if (NO.has(value)) return false;
  return null;
}

export const normaliseEmail = (text: string): string => text.trim().toLowerCase();
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The template's header row for an event: the fixed columns, then each custom field's label. */
export function templateHeader(customFields: ImportContext['customFields']): string[] {
  return [...IMPORT_FIXED_COLUMNS, ...customFields.map((f) => f.label)];
}

/** Column problems that make the whole file unusable: missing, unknown or repeated headers. */
export function checkHeader(header: string[], context: Pick<ImportContext, 'customFields'>): CellError[] {
  return checkColumns(header, templateHeader(context.customFields), REQUIRED_IMPORT_COLUMNS);
}

/**
 * Any import's header check (teams, time table sessions): the required columns are there, every
 * column is a known one, none is repeated. Names match case-insensitively.
 */
export function checkColumns(
  header: string[],
  knownColumns: string[],
  requiredColumns: string[],
): CellError[] {
  const names = header.map((h) => h.trim());
  const known = new Set<string>(knownColumns.map((h) => h.toLowerCase()));
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const name of names) {
    if (!name) continue;
    if (seen.has(name.toLowerCase())) repeated.add(name);
    seen.add(name.toLowerCase());
  }
  const errors: CellError[] = [];
  const missing = requiredColumns.filter((c) => !seen.has(c.toLowerCase()));
  if (missing.length)
    errors.push({ column: null, message: `${IMPORT_ERRORS.missingColumns}: ${missing.join(', ')}` });
  const unknown = names.filter((n) => n && !known.has(n.toLowerCase()));
  if (unknown.length)
    errors.push({ column: null, message: `${IMPORT_ERRORS.unknownColumns}: ${unknown.join(', ')}` });
  if (repeated.size)
    errors.push({ column: null, message: `${IMPORT_ERRORS.duplicateColumns}: ${[...repeated].join(', ')}` });
  return errors;
}

/**
 * Checks every row of a sheet: cell errors (required, length, formula, email, team type, Yes/No),
 * duplicate emails within the file, and emails already placed in the event. A row that would
 * create what already exists (its email owns a team of the same name) is skipped, not rejected,
 * so importing the same file twice creates nothing the second time.
 */
export function checkSheet(sheet: RawSheet, context: ImportContext): SheetCheck {
  const fileErrors = checkHeader(sheet.header, context);
  if (fileErrors.length) return { fileErrors, rows: [] };
  const index = new Map(sheet.header.map((h, i) => [h.trim().toLowerCase(), i]));
  const cellOf = (cells: RawCell[], column: string): RawCell => {
    const i = index.get(column.toLowerCase());
    return (i === undefined ? undefined : cells[i]) ?? { text: '', isFormula: false };
  };
  const checked = sheet.rows.map((row) => checkRow(row.rowNumber, (c) => cellOf(row.cells, c), context));
  markDuplicateEmails(checked);
  for (const row of checked) placeInEvent(row, context);
  return { fileErrors: [], rows: checked };
}

function checkRow(rowNumber: number, cell: (column: string) => RawCell, context: ImportContext): CheckedRow {
  const errors: CellError[] = [];
  const columns = [...IMPORT_FIXED_COLUMNS, ...context.customFields.map((f) => f.label)];
  const cells = Object.fromEntries(columns.map((c) => [c, cell(c).text]));
  // A formula is reported and its text used for nothing else, so one cell gives one error.
  const formulas = new Set(columns.filter((c) => looksLikeFormula(cell(c))));
  for (const column of formulas) errors.push({ column, message: IMPORT_ERRORS.formula });
  const text = (column: string, max: number, required: boolean): string => {
    if (formulas.has(column)) return '';
    const value = cell(column).text.trim();
    if (required && !value) errors.push({ column, message: IMPORT_ERRORS.required });
    else if (value.length > max) errors.push({ column, message: IMPORT_ERRORS.tooLong(max) });
    return value;
  };
  const C = IMPORT_COLUMNS;
  const teamName = text(C.teamName, IMPORT_LIMITS.teamName, true);
  const firstName = text(C.firstName, IMPORT_LIMITS.personName, true);
  const surname = text(C.surname, IMPORT_LIMITS.personName, true);
  const email = normaliseEmail(text(C.email, IMPORT_LIMITS.email, true));
  if (
    email &&
    !formulas.has(C.email) &&
    email.length <= IMPORT_LIMITS.email &&
    !emailSchema.safeParse(email).success
  )
    errors.push({ column: C.email, message: IMPORT_ERRORS.invalidEmail });
  const typeName = text(C.teamType, IMPORT_LIMITS.teamName, false);
  const teamType = typeName ? context.teamTypes.find((t) => sameName(t.name, typeName)) : null;
  if (typeName && !teamType) errors.push({ column: C.teamType, message: IMPORT_ERRORS.invalidTeamType });
  const yesNo = (column: string): boolean => {
    if (formulas.has(column)) return false;
    const value = parseYesNo(cell(column).text);
    if (value === null) errors.push({ column, message: IMPORT_ERRORS.yesNo });
    return value ?? false;
  };
  const isOrganiser = yesNo(C.isOrganiser);
  const customFields: Record<string, string | boolean> = {};
  for (const field of context.customFields) {
    customFields[field.id] =
      field.type === 'boolean' ? yesNo(field.label) : text(field.label, IMPORT_LIMITS.customText, false);
  }
  const values = errors.length
    ? null
    : { teamName, firstName, surname, email, teamTypeId: teamType?.id ?? null, isOrganiser, customFields };
  return { rowNumber, status: errors.length ? 'rejected' : 'ready', cells, errors, values };
}

/** Every row sharing an email with another row is rejected: which one was meant is not ours to guess. */
function markDuplicateEmails(rows: CheckedRow[]): void {
  const byEmail = new Map<string, CheckedRow[]>();
  for (const row of rows) {
    const email = normaliseEmail(row.cells[IMPORT_COLUMNS.email] ?? '');
    if (!email) continue;
    byEmail.set(email, [...(byEmail.get(email) ?? []), row]);
  }
  for (const group of byEmail.values()) {
    if (group.length < 2) continue;
    for (const row of group) {
      const others = group.filter((r) => r !== row).map((r) => r.rowNumber);
      reject(row, { column: IMPORT_COLUMNS.email, message: IMPORT_ERRORS.duplicateEmail(others) });
    }
  }
}

function placeInEvent(row: CheckedRow, context: ImportContext): void {
  if (!row.values) return;
  const person = context.people.get(row.values.email);
  if (!person?.teamName) return;
  if (person.isOwner && sameName(person.teamName, row.values.teamName)) {
    row.status = 'skipped';
    row.errors.push({ column: null, message: IMPORT_ERRORS.alreadyImported });
    return;
  }
  reject(row, {
    column: IMPORT_COLUMNS.email,
    message: person.isOwner ? IMPORT_ERRORS.ownsTeam : IMPORT_ERRORS.inTeam,
  });
}

function reject(row: CheckedRow, error: CellError): void {
  row.status = 'rejected';
  row.values = null;
  row.errors.push(error);
}

/** Counts for the preview and the progress: how many rows of each kind. */
export function countStatuses(rows: Pick<CheckedRow, 'status'>[]): Record<CheckedRow['status'], number> {
  const counts = { ready: 0, skipped: 0, rejected: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}
