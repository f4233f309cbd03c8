import {
  type CellError,
  checkColumns,
  IMPORT_ERRORS,
  looksLikeFormula,
  parseYesNo,
  type RawCell,
  type RawSheet,
} from '../people/importRules';
import {
  DESCRIPTION_MAX,
  LOCATION_MAX,
  MAX_SESSION_MINUTES,
  type SessionValues,
  sessionBodySchema,
  TITLE_MAX,
} from './schema';
import { instantOf, isLocalDateTime, localDateTimeAt, wallMinutesBetween } from './zone';

/**
 * Bulk import of time table sessions (decision 0016): the team import's preview-then-import shape
 * and its cell rules (formulas refused, Yes/No cells), with a session's own columns. Pure rules:
 * the server reads the file into cells, these decide which rows may be written, and the import
 * runs them again inside its transaction, against the time table as it is then.
 */

export const SESSION_IMPORT_COLUMNS = {
  title: 'Title',
  startsAt: 'Starts',
  endsAt: 'Ends',
  location: 'Location',
  description: 'Description',
  track: 'Track',
  teamTypes: 'Team Types',
  showToChildTeams: 'Show to stand shares',
} as const;
export const SESSION_IMPORT_ALL_COLUMNS: string[] = Object.values(SESSION_IMPORT_COLUMNS);
export const SESSION_IMPORT_REQUIRED_COLUMNS: string[] = [
  SESSION_IMPORT_COLUMNS.title,
  SESSION_IMPORT_COLUMNS.startsAt,
  SESSION_IMPORT_COLUMNS.endsAt,
];

/** A programme is hundreds of sessions; the import runs in one request (decision 0016). */
export const MAX_SESSION_IMPORT_ROWS = 2000;

export const SESSION_IMPORT_ERRORS = {
  tooManyRows: `The file has more than ${MAX_SESSION_IMPORT_ROWS.toLocaleString('en-GB')} rows`,
  invalidDateTime: 'Use a date and time such as 2027-05-10 09:30',
  skippedTime: (timeZone: string) => `This time does not exist in ${timeZone}: the clocks go forward`,
  endBeforeStart: 'End after the start',
  tooLongSession: 'A session lasts at most 14 days',
  unknownTrack: (name: string) => `No track is called "${name}"`,
  unknownTeamType: (name: string) => `No team type is called "${name}"`,
  duplicateRow: (rows: number[]) => `The same session as row ${rows.join(', ')} of this file`,
  alreadyImported: 'Already in the time table (same title, start, end and location)',
  nothingToImport: 'There are no rows ready to import',
} as const;

export type SessionImportContext = {
  timeZone: string;
  tracks: { id: string; name: string }[];
  teamTypes: { id: string; name: string }[];
  /** sessionKey of every session already in the time table. */
  existing: Set<string>;
};

export type CheckedSessionRow = {
  rowNumber: number;
  status: 'ready' | 'skipped' | 'rejected';
  cells: Record<string, string>;
  errors: CellError[];
  values: SessionValues | null;
};

/**
 * What makes two sessions the same for the import: title and location (case and spaces aside),
 * start and end. Re-importing a file finds its rows already there and skips them.
 */
export function sessionKey(s: Pick<SessionValues, 'title' | 'startsAt' | 'endsAt' | 'location'>): string {
  const fold = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  return [fold(s.title), s.startsAt, s.endsAt, fold(s.location)].join('\u0001');
}

const SHEET_DATE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2})[:.](\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/**
 * A spreadsheet's date and time as the stored 'YYYY-MM-DDTHH:mm', or null. ISO order only
 * (2027-05-10 09:30, or the XLSX date cell the reader writes so): 05/10/2027 means a different day
 * in London and in New York, so it is refused rather than guessed.
 */
export function parseSheetDateTime(text: string): string | null {
  const match = SHEET_DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1);
  const local = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}T${hour.padStart(2, '0')}:${minute}`;
  return isLocalDateTime(local) ? local : null;
}

const fold = (text: string) => text.trim().toLowerCase();

/**
 * Team type names, separated by semicolons or commas. A part that is a whole type name is taken as
 * it is, so a name holding a comma still matches ('Stand, shell scheme; Caterer').
 */
function teamTypeNames(text: string, known: SessionImportContext['teamTypes']): string[] {
  const isName = (part: string) => known.some((t) => fold(t.name) === fold(part));
  return text
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .flatMap((part) =>
      isName(part)
        ? [part]
        : part
            .split(',')
            .map((n) => n.trim())
            .filter(Boolean),
    );
}

export type SessionSheetCheck = { fileErrors: CellError[]; rows: CheckedSessionRow[] };

export function checkSessionSheet(sheet: RawSheet, context: SessionImportContext): SessionSheetCheck {
  const fileErrors = checkColumns(sheet.header, SESSION_IMPORT_ALL_COLUMNS, SESSION_IMPORT_REQUIRED_COLUMNS);
  if (fileErrors.length) return { fileErrors, rows: [] };
  const index = new Map(sheet.header.map((h, i) => [h.trim().toLowerCase(), i]));
  const rows = sheet.rows.map((row) =>
    checkSessionRow(
      row.rowNumber,
      (column) => {
        const i = index.get(column.toLowerCase());
        return (i === undefined ? undefined : row.cells[i]) ?? { text: '', isFormula: false };
      },
      context,
    ),
  );
  markDuplicates(rows, context);
  return { fileErrors: [], rows };
}

function checkSessionRow(
  rowNumber: number,
  cell: (column: string) => RawCell,
  context: SessionImportContext,
): CheckedSessionRow {
  const C = SESSION_IMPORT_COLUMNS;
  const errors: CellError[] = [];
  const cells = Object.fromEntries(SESSION_IMPORT_ALL_COLUMNS.map((c) => [c, cell(c).text]));
  // A formula is reported and its text used for nothing else, so one cell gives one error.
  const formulas = new Set(SESSION_IMPORT_ALL_COLUMNS.filter((c) => looksLikeFormula(cell(c))));
  for (const column of formulas) errors.push({ column, message: IMPORT_ERRORS.formula });
  const text = (column: string, max: number, required: boolean): string => {
    if (formulas.has(column)) return '';
    const value = cell(column).text.trim();
    if (required && !value) errors.push({ column, message: IMPORT_ERRORS.required });
    else if (value.length > max) errors.push({ column, message: IMPORT_ERRORS.tooLong(max) });
    return value;
  };
  const dateTime = (column: string): string | null => {
    const value = text(column, 100, true);
    if (!value) return null;
    const local = parseSheetDateTime(value);
    if (!local) errors.push({ column, message: SESSION_IMPORT_ERRORS.invalidDateTime });
    else if (localDateTimeAt(instantOf(local, context.timeZone), context.timeZone) !== local) {
      errors.push({ column, message: SESSION_IMPORT_ERRORS.skippedTime(context.timeZone) });
      return null;
    }
    return local;
  };

  const title = text(C.title, TITLE_MAX, true);
  const startsAt = dateTime(C.startsAt);
  const endsAt = dateTime(C.endsAt);
  if (startsAt && endsAt) {
    const minutes = wallMinutesBetween(startsAt, endsAt);
    if (minutes <= 0) errors.push({ column: C.endsAt, message: SESSION_IMPORT_ERRORS.endBeforeStart });
    else if (minutes > MAX_SESSION_MINUTES)
      errors.push({ column: C.endsAt, message: SESSION_IMPORT_ERRORS.tooLongSession });
  }
  const location = text(C.location, LOCATION_MAX, false);
  const description = text(C.description, DESCRIPTION_MAX, false);

  const trackName = text(C.track, 80, false);
  const track = trackName ? context.tracks.find((t) => fold(t.name) === fold(trackName)) : undefined;
  if (trackName && !track)
    errors.push({ column: C.track, message: SESSION_IMPORT_ERRORS.unknownTrack(trackName) });

  const teamTypeIds: string[] = [];
  for (const name of teamTypeNames(text(C.teamTypes, 2000, false), context.teamTypes)) {
    const type = context.teamTypes.find((t) => fold(t.name) === fold(name));
    if (type) {
      if (!teamTypeIds.includes(type.id)) teamTypeIds.push(type.id);
    } else errors.push({ column: C.teamTypes, message: SESSION_IMPORT_ERRORS.unknownTeamType(name) });
  }

  // Blank is Yes here: sessions show to stand shares unless the organiser says not (0016).
  let showToChildTeams = true;
  if (!formulas.has(C.showToChildTeams) && cell(C.showToChildTeams).text.trim()) {
    const value = parseYesNo(cell(C.showToChildTeams).text);
    if (value === null) errors.push({ column: C.showToChildTeams, message: IMPORT_ERRORS.yesNo });
    else showToChildTeams = value;
  }

  if (errors.length) return { rowNumber, status: 'rejected', cells, errors, values: null };
  // The form's own schema has the last word, so an imported session is one the form could save.
  const parsed = sessionBodySchema.safeParse({
    title,
    description,
    startsAt,
    endsAt,
    location,
    trackId: track?.id ?? null,
    teamTypeIds,
    showToChildTeams,
  });
  if (!parsed.success) {
    const columnOf = (path: PropertyKey | undefined) =>
      SESSION_IMPORT_COLUMNS[path as keyof typeof SESSION_IMPORT_COLUMNS] ?? null;
    const issues = parsed.error.issues.map((i) => ({ column: columnOf(i.path[0]), message: i.message }));
    return { rowNumber, status: 'rejected', cells, errors: issues, values: null };
  }
  return { rowNumber, status: 'ready', cells, errors, values: parsed.data };
}

/**
 * Rows naming the same session as another row are all refused (which one was meant is not ours
 * to guess); a row already in the time table is skipped, so re-importing a file creates nothing.
 */
function markDuplicates(rows: CheckedSessionRow[], context: SessionImportContext): void {
  const byKey = new Map<string, CheckedSessionRow[]>();
  for (const row of rows) {
    if (!row.values) continue;
    const key = sessionKey(row.values);
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  for (const [key, group] of byKey) {
    if (group.length > 1) {
      for (const row of group) {
        const others = group.filter((r) => r !== row).map((r) => r.rowNumber);
        row.status = 'rejected';
        row.values = null;
        row.errors.push({ column: null, message: SESSION_IMPORT_ERRORS.duplicateRow(others) });
      }
    } else if (context.existing.has(key)) {
      group[0].status = 'skipped';
      group[0].errors.push({ column: null, message: SESSION_IMPORT_ERRORS.alreadyImported });
    }
  }
}

export function countSessionRows(rows: Pick<CheckedSessionRow, 'status'>[]) {
  const counts = { ready: 0, skipped: 0, rejected: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}
