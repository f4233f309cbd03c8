import { z } from 'zod';

/**
 * The next edition of an event (issue 21): a copy of its set-up under a new name, every date moved
 * by a number of days. 364 days by default: 52 whole weeks, so a Friday-to-Sunday show stays on a
 * Friday-to-Sunday next year (decision 0031).
 */
export const DEFAULT_SHIFT_DAYS = 364;
export const MAX_SHIFT_DAYS = 3650;
export const EDITION_NAME_MAX = 200;

export const CLONE_ERRORS = {
  name: 'Enter a name for the next edition',
  nameTooLong: `At most ${EDITION_NAME_MAX} characters`,
  shiftDays: `Enter the number of days to move dates by: a whole number from -${MAX_SHIFT_DAYS} to ${MAX_SHIFT_DAYS}`,
  failed: 'The next edition could not be created. Nothing was kept; try again.',
} as const;

export const cloneRequestSchema = z.strictObject({
  name: z
    .string({ message: CLONE_ERRORS.name })
    .trim()
    .min(1, CLONE_ERRORS.name)
    .max(EDITION_NAME_MAX, CLONE_ERRORS.nameTooLong),
  shiftDays: z
    .number({ message: CLONE_ERRORS.shiftDays })
    .int(CLONE_ERRORS.shiftDays)
    .min(-MAX_SHIFT_DAYS, CLONE_ERRORS.shiftDays)
    .max(MAX_SHIFT_DAYS, CLONE_ERRORS.shiftDays),
});
export type CloneRequest = z.infer<typeof cloneRequestSchema>;

export const CLONE_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type CloneState = (typeof CLONE_STATES)[number];

export const cloneParamsSchema = z.strictObject({ eventId: z.uuid(), cloneId: z.uuid() });

/** A clone job as the screen polls it: its progress in steps (one per table copied). */
export const cloneStatusSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  shiftDays: z.number(),
  state: z.enum(CLONE_STATES),
  doneSteps: z.number(),
  totalSteps: z.number(),
  newEventId: z.uuid().nullable(),
  error: z.string().nullable(),
});
export type CloneStatus = z.infer<typeof cloneStatusSchema>;

const ISO_DATE_START = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * Moves the date at the start of a value ('2027-03-05' or a local date-time '2027-03-05T09:30')
 * by whole days, keeping whatever follows (the wall-clock time): calendar arithmetic in UTC, so no
 * time zone or daylight-saving change can move the day. A value that starts with no date is kept.
 */
export function shiftDate(value: string, days: number): string {
  const m = ISO_DATE_START.exec(value);
  if (!m) return value;
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) + days * 86_400_000);
  return day.toISOString().slice(0, 10) + value.slice(10);
}

/** The default name of the next edition: the year in the name moved on, or " (next edition)". */
export function nextEditionName(name: string, shiftDays: number): string {
  const years = Math.round(shiftDays / 365);
  const year = /\b(19|20)\d{2}\b/.exec(name);
  if (year && years !== 0) return name.replace(year[0], String(Number(year[0]) + years));
  return `${name} (next edition)`;
}
