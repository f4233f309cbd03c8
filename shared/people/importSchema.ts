import { z } from 'zod';
import { AREA_LEVELS } from '../auth/permissions';
import { IMPORT_ROW_STATUSES } from './importRules';
import { pagedSchema } from './schema';

/** The API contract of the bulk team import (spec: /admin/teams/import). */

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const IMPORT_STATES = ['preview', 'queued', 'running', 'done', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

export const importTemplateQuerySchema = z.strictObject({ format: z.enum(IMPORT_FORMATS) });
export const importTemplatePath = (eventId: string, format: ImportFormat) =>
  `/api/events/${eventId}/team-imports/template?format=${format}`;

export const importParamsSchema = z.object({ eventId: z.uuid(), importId: z.uuid() });

export const teamImportSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  state: z.enum(IMPORT_STATES),
  /** Rows in the file, and how the preview sorted them. */
  rowsInFile: z.number().int(),
  readyRows: z.number().int(),
  skippedRows: z.number().int(),
  rejectedRows: z.number().int(),
  /** Progress of the job over the ready rows: done of total, and how they ended. */
  doneRows: z.number().int(),
  createdRows: z.number().int(),
  failedRows: z.number().int(),
  /** Ready rows the job found already imported (re-run of the same file). */
  alreadyImportedRows: z.number().int(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type TeamImport = z.infer<typeof teamImportSchema>;
export const latestImportResponseSchema = z.object({ import: teamImportSchema.nullable() });

const checkSchema = z.boolean().nullable();
export const importRowSchema = z.object({
  rowNumber: z.number().int(),
  status: z.enum(IMPORT_ROW_STATUSES),
  cells: z.record(z.string(), z.string()),
  errors: z.array(z.object({ column: z.string().nullable(), message: z.string() })),
  /** The check record of a row the job has handled (spec: true, false or null per step). */
  typeCheck: checkSchema,
  userUpsert: checkSchema,
  teamAdd: checkSchema,
  emailSend: checkSchema,
  errorMessage: z.string().nullable(),
  rolledBack: z.array(z.string()),
  teamId: z.uuid().nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;
export const importRowListResponseSchema = pagedSchema(importRowSchema);
export type ImportRowListResponse = z.infer<typeof importRowListResponseSchema>;

export const IMPORT_ROW_SORTS = ['rowNumber'] as const;
export const importRowQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  sort: z.enum(IMPORT_ROW_SORTS).default('rowNumber'),
  order: z.enum(['asc', 'desc']).default('asc'),
  status: z.enum(IMPORT_ROW_STATUSES).optional(),
});
export type ImportRowQuery = z.input<typeof importRowQuerySchema>;

/** What rolled back when a row failed after its type check (spec: rollback info). */
export const ROLLBACK_PARTS = ['account', 'user', 'team', 'teamTypeLink'] as const;
export const ROLLBACK_LABELS: Record<(typeof ROLLBACK_PARTS)[number], string> = {
  account: 'account',
  user: 'user',
  team: 'team',
  teamTypeLink: 'team-type link',
};

/** Spec, roles and permissions: "Admin only: ... team types, team import, ...". */
export const TEAM_IMPORT_LEVEL = AREA_LEVELS.teamImport;
