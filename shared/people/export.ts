import { z } from 'zod';

/** The user report (spec: /admin/users export), as CSV or XLSX. */
export const USER_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type UserExportFormat = (typeof USER_EXPORT_FORMATS)[number];

export const userExportQuerySchema = z.strictObject({ format: z.enum(USER_EXPORT_FORMATS) });

export const USER_EXPORT_COLUMNS = [
  'Team Name',
  'Team Status',
  'First Name',
  'Surname',
  'Has Logged In',
  'Email',
  'Team Type',
  'Created Date',
] as const;

/** The URL of the report: a same-origin GET, so a plain link downloads it with the session cookie. */
export const userExportPath = (eventId: string, format: UserExportFormat) =>
  `/api/events/${eventId}/users/export?format=${format}`;

/**
 * A spreadsheet opened in Excel or LibreOffice runs a cell starting with one of these as a formula
 * (CSV injection); a leading single quote makes it plain text in both formats.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export const neutraliseCell = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/** users-<shortName>-<YYYY-MM-DD>.<format>, kept to characters every browser and file system accept. */
export function userExportFileName(shortName: string, isoDate: string, format: UserExportFormat): string {
  const name =
    shortName
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'event';
  return `users-${name}-${isoDate}.${format}`;
}
