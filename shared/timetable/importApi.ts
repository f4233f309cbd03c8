import { z } from 'zod';
import { IMPORT_FORMATS } from '../people/importSchema';

/**
 * The HTTP contract of the time table import (decision 0016). Both steps take the file: the
 * preview checks it and writes nothing; the import checks it again, against the time table as it
 * is then, and writes each ready row on its own. Nothing is stored between the two.
 */

export const sessionImportTemplateQuerySchema = z.strictObject({ format: z.enum(IMPORT_FORMATS) });

/** Preview: ready, skipped (already in the time table), rejected. Import adds created and failed. */
export const SESSION_IMPORT_ROW_STATUSES = ['ready', 'skipped', 'rejected', 'created', 'failed'] as const;
export type SessionImportRowStatus = (typeof SESSION_IMPORT_ROW_STATUSES)[number];

export const sessionImportRowSchema = z.object({
  rowNumber: z.number().int(),
  status: z.enum(SESSION_IMPORT_ROW_STATUSES),
  cells: z.record(z.string(), z.string()),
  errors: z.array(z.object({ column: z.string().nullable(), message: z.string() })),
  /** The session a created row made. */
  sessionId: z.uuid().nullable(),
});
export type SessionImportRow = z.infer<typeof sessionImportRowSchema>;

export const sessionImportResultSchema = z.object({
  fileName: z.string(),
  /** false for a preview: nothing was written. */
  imported: z.boolean(),
  timeZone: z.string(),
  counts: z.object({
    ready: z.number().int(),
    skipped: z.number().int(),
    rejected: z.number().int(),
    created: z.number().int(),
    failed: z.number().int(),
  }),
  rows: z.array(sessionImportRowSchema),
});
export type SessionImportResult = z.infer<typeof sessionImportResultSchema>;
