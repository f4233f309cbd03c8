import { z } from 'zod';
import type { FieldOf, FieldType } from '../schema/field';
import { numberValueSchema, textValueSchema } from '../schema/values';
import type { FieldTypeEntry, Reading, TextContext } from './types';
import { defineFieldType, EMPTY, invalid, isBlank, present } from './types';

// Single-value inputs: short text and its variants, long text, number and date.

// Email addresses and calendar days are checked by Zod, as everywhere else in the portal.
const emailCheck = z.email().max(254);
const dayCheck = z.iso.date();
const dateTimeCheck = z.iso.datetime({ offset: true, local: true });
const WEB_ADDRESS =
  /^(https?:\/\/)?(localhost|([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,})(:\d{1,5})?([/?#]\S*)?$/i;
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

export const messages = {
  text: 'Enter text',
  email: 'Enter a valid email address, like name@example.com',
  url: 'Enter a valid web address, like https://www.example.com',
  tel: 'Enter a valid phone number, using digits and an optional + at the start',
  number: 'Enter a number',
  date: 'Enter a real date, like 2026-03-14',
};

/** Text answers are stored trimmed; a number typed into a text field is kept as its text. */
export function readText(raw: unknown): Reading<string> {
  if (isBlank(raw)) return EMPTY;
  if (typeof raw === 'number' && Number.isFinite(raw)) return present(String(raw));
  if (typeof raw !== 'string') return invalid(messages.text);
  return present(raw.trim());
}

export const isEmail = (text: string): boolean => emailCheck.safeParse(text).success;
export const isWebAddress = (text: string): boolean => WEB_ADDRESS.test(text);
export function isPhoneNumber(text: string): boolean {
  const digits = text.replace(/\D/g, '').length;
  return PHONE_CHARACTERS.test(text) && digits >= 7 && digits <= 15;
}

/** Reads 'YYYY-MM-DD' (or an ISO date-time, keeping its date) and refuses days that do not exist. */
export function readDate(raw: unknown): Reading<string> {
  if (isBlank(raw)) return EMPTY;
  if (typeof raw !== 'string') return invalid(messages.date);
  const text = raw.trim();
  const day = text.slice(0, 10);
  const readable = text.length === 10 || dateTimeCheck.safeParse(text).success;
  return readable && dayCheck.safeParse(day).success ? present(day) : invalid(messages.date);
}

/** Numbers may arrive as text from a plain HTML form post; both read the same. */
export function readNumber(raw: unknown): Reading<number> {
  if (isBlank(raw)) return EMPTY;
  const value = typeof raw === 'string' ? Number(raw.trim().replace(/,/g, '')) : raw;
  return typeof value === 'number' && Number.isFinite(value) ? present(value) : invalid(messages.number);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A date-only answer in the event's locale ('14 March 2026'); it is a calendar day, not an instant. */
export function formatDate(isoDate: string, context: TextContext): string {
  let format = dateFormats.get(context.locale);
  if (!format) {
    format = new Intl.DateTimeFormat(context.locale, { dateStyle: 'long', timeZone: 'UTC' });
    dateFormats.set(context.locale, format);
  }
  const [year, month, day] = isoDate.split('-').map(Number);
  return format.format(new Date(Date.UTC(year, month - 1, day)));
}

export function numberRangeProblems(value: number, min: number | null, max: number | null): string[] {
  if (min !== null && value < min) return [`Enter a number no less than ${min}`];
  if (max !== null && value > max) return [`Enter a number no greater than ${max}`];
  return [];
}

type TextType = 'text' | 'email' | 'tel' | 'url' | 'area';

function textType<T extends TextType & FieldType>(
  type: T,
  displayName: string,
  format?: { test: (text: string) => boolean; message: string },
): FieldTypeEntry {
  return defineFieldType<T, string>({
    type,
    displayName,
    holdsValue: true,
    valueSchema: textValueSchema,
    emptyValue: '',
    requiredMessage: 'This field is required',
    read: (_field: FieldOf<T>, raw) => {
      const reading = readText(raw);
      if (reading.status !== 'value' || !format || format.test(reading.value)) return reading;
      return invalid(format.message);
    },
    check: () => [],
    toText: (_field, value) => value,
  });
}

export const inputTypes: FieldTypeEntry[] = [
  textType('text', 'Short Text'),
  textType('email', 'Email', { test: isEmail, message: messages.email }),
  textType('tel', 'Phone Number', { test: isPhoneNumber, message: messages.tel }),
  textType('url', 'Website', { test: isWebAddress, message: messages.url }),
  defineFieldType<'number', number>({
    type: 'number',
    displayName: 'Number',
    holdsValue: true,
    valueSchema: numberValueSchema,
    emptyValue: null,
    requiredMessage: 'This field is required',
    read: (_field, raw) => readNumber(raw),
    check: (field, value) => numberRangeProblems(value, field.min, field.max),
    toText: (_field, value) => String(value),
  }),
  textType('area', 'Long Text'),
  defineFieldType<'date', string>({
    type: 'date',
    displayName: 'Date',
    holdsValue: true,
    valueSchema: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    emptyValue: '',
    requiredMessage: 'This field is required',
    read: (_field, raw) => readDate(raw),
    check: () => [],
    toText: (_field, value, context) => formatDate(value, context),
  }),
];
