import type { FieldOf } from '../schema/field';
import type { AddressPart, NamePart, RepeaterCell } from '../schema/fields-answer';
import { ADDRESS_PARTS, NAME_PARTS, REPEATER_CELLS } from '../schema/fields-answer';
import type { AddressValue, NameValue, RepeaterRow } from '../schema/values';
import { addressValueSchema, nameValueSchema, repeaterValueSchema } from '../schema/values';
import { isEmail, isPhoneNumber, isWebAddress, messages, readDate, readNumber } from './inputs';
import type { FieldTypeEntry, Reading } from './types';
import { defineFieldType, EMPTY, invalid, isBlank, isRecord, plural, present } from './types';

// Answers made of parts: an address, a person's name, and rows of a repeater.

type PartsField<P extends string> = Record<P, { label: string; show: boolean }>;

/** Keeps the shown parts that were filled in, trimmed; a part the form hides is never stored. */
function readParts<P extends string>(
  field: PartsField<P>,
  parts: readonly P[],
  raw: unknown,
  message: string,
): Reading<Partial<Record<P, string>>> {
  if (isBlank(raw)) return EMPTY;
  if (!isRecord(raw)) return invalid(message);
  const value: Partial<Record<P, string>> = {};
  for (const part of parts) {
    const text = raw[part];
    if (isBlank(text)) continue;
    if (typeof text !== 'string') return invalid(message);
    if (field[part].show) value[part] = text.trim();
  }
  return Object.keys(value).length === 0 ? EMPTY : present(value);
}

function missingParts<P extends string>(
  field: PartsField<P> & { isRequired: boolean },
  needed: readonly P[],
  value: Partial<Record<P, string>>,
  isDraft: boolean,
): string[] {
  if (!field.isRequired || isDraft) return [];
  return needed
    .filter((part) => field[part].show && !value[part])
    .map((part) => `${field[part].label} is required`);
}

function joinParts<P extends string>(
  value: Partial<Record<P, string>>,
  parts: readonly P[],
  separator: string,
) {
  return parts
    .map((part) => value[part])
    .filter((text): text is string => Boolean(text))
    .join(separator);
}

/** The address on several lines, as on an envelope. */
export const fullAddress = (value: AddressValue): string => joinParts(value, ADDRESS_PARTS, '\n');
/** The address on one line, for a table cell or a one-line webhook value. */
export const flatFullAddress = (value: AddressValue): string => joinParts(value, ADDRESS_PARTS, ', ');
/** Every part given, titles included: 'Dr Jane Mary Smith OBE'. */
export const fullName = (value: NameValue): string => joinParts(value, NAME_PARTS, ' ');
/** The plain name, without prefix or post-nominals: 'Jane Mary Smith'. */
export const flatFullName = (value: NameValue): string =>
  joinParts(value, ['firstName', 'middleName', 'surname'] as const, ' ');

export const readAddress = (field: FieldOf<'address'>, raw: unknown): Reading<AddressValue> =>
  readParts(field, ADDRESS_PARTS, raw, 'Enter the address in its parts');
export const readName = (field: FieldOf<'fullName'>, raw: unknown): Reading<NameValue> =>
  readParts(field, NAME_PARTS, raw, 'Enter the name in its parts');

const ADDRESS_NEEDED: readonly AddressPart[] = ['addressLine1', 'city', 'country', 'postcode'];
const NAME_NEEDED: readonly NamePart[] = ['firstName', 'surname'];

type Repeater = FieldOf<'repeater'>;

export function repeaterCells(field: Repeater): { cell: RepeaterCell; label: string; type: string }[] {
  return REPEATER_CELLS.flatMap((cell) => {
    const schema = field.cellSchema[cell];
    return schema ? [{ cell, label: schema.label || cell, type: schema.type }] : [];
  });
}

export function readRows(field: Repeater, raw: unknown): Reading<RepeaterRow[]> {
  if (isBlank(raw)) return EMPTY;
  if (!Array.isArray(raw)) return invalid('Enter the rows of this table');
  const rows: RepeaterRow[] = [];
  for (const rawRow of raw) {
    if (!isRecord(rawRow)) return invalid('Enter the rows of this table');
    const row: RepeaterRow = {};
    for (const { cell } of repeaterCells(field)) {
      const text = rawRow[cell];
      if (isBlank(text)) continue;
      if (typeof text === 'number' && Number.isFinite(text)) row[cell] = text;
      else if (typeof text === 'string') row[cell] = text.trim();
      else return invalid('Enter the rows of this table');
    }
    // A row left entirely blank is the empty row a table always offers, not an answer.
    if (Object.keys(row).length > 0) rows.push(row);
  }
  return rows.length === 0 ? EMPTY : present(rows);
}

function cellProblem(type: string, value: string | number): string | null {
  const text = String(value);
  if (type === 'number') return readNumber(value).status === 'value' ? null : messages.number;
  if (type === 'date') return readDate(text).status === 'value' ? null : messages.date;
  if (type === 'email') return isEmail(text) ? null : messages.email;
  if (type === 'url') return isWebAddress(text) ? null : messages.url;
  if (type === 'tel') return isPhoneNumber(text) ? null : messages.tel;
  return null;
}

function checkRows(field: Repeater, rows: RepeaterRow[], isDraft: boolean): string[] {
  const problems: string[] = [];
  if (field.min !== null && rows.length < field.min && !isDraft) {
    problems.push(`Add at least ${plural(field.min, 'row', 'rows')}`);
  }
  if (field.max !== null && rows.length > field.max) {
    problems.push(`Add no more than ${plural(field.max, 'row', 'rows')}`);
  }
  rows.forEach((row, index) => {
    for (const { cell, label, type } of repeaterCells(field)) {
      const value = row[cell];
      const problem = value === undefined ? null : cellProblem(type, value);
      if (problem) problems.push(`Row ${index + 1}, ${label}: ${problem}`);
    }
  });
  return problems;
}

/** One line per row: 'Name: Ann Lee, Role: Chef'. */
export function repeaterRowsText(field: Repeater, rows: RepeaterRow[]): string {
  const cells = repeaterCells(field);
  return rows
    .map((row) =>
      cells
        .filter(({ cell }) => row[cell] !== undefined && row[cell] !== '')
        .map(({ cell, label }) => `${label}: ${row[cell]}`)
        .join(', '),
    )
    .join('\n');
}

export const compoundTypes: FieldTypeEntry[] = [
  defineFieldType<'address', AddressValue>({
    type: 'address',
    displayName: 'Address',
    holdsValue: true,
    valueSchema: addressValueSchema,
    emptyValue: {},
    requiredMessage: 'Enter the address',
    read: readAddress,
    check: (field, value, mode) => missingParts(field, ADDRESS_NEEDED, value, mode.isDraft),
    toText: (_field, value) => fullAddress(value),
  }),
  defineFieldType<'fullName', NameValue>({
    type: 'fullName',
    displayName: 'Full Name',
    holdsValue: true,
    valueSchema: nameValueSchema,
    emptyValue: {},
    requiredMessage: 'Enter the name',
    read: readName,
    check: (field, value, mode) => missingParts(field, NAME_NEEDED, value, mode.isDraft),
    toText: (_field, value) => fullName(value),
  }),
  defineFieldType<'repeater', RepeaterRow[]>({
    type: 'repeater',
    displayName: 'Repeater',
    holdsValue: true,
    valueSchema: repeaterValueSchema,
    emptyValue: [],
    requiredMessage: 'Add at least one row',
    read: readRows,
    check: (field, rows, mode) => checkRows(field, rows, mode.isDraft),
    toText: repeaterRowsText,
  }),
];
