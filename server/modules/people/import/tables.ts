import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CellError, ImportRowValues } from '../../../../shared/people/importRules';
import { IMPORT_ROW_STATUSES } from '../../../../shared/people/importRules';
import { IMPORT_STATES } from '../../../../shared/people/importSchema';
import { auditColumns, idColumn } from '../../../platform/db/columns';
import { accounts } from '../../auth/tables';
import { events } from '../../events/tables';
import { teams } from '../tables';

/**
 * One upload of the bulk team import: its preview counts, then the job's progress. The latest one
 * is what /admin/teams/import shows, so the screen can be left and come back.
 */
export const teamImports = pgTable(
  'team_imports',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: idColumn(),
    fileName: text('file_name').notNull(),
    state: text('state', { enum: IMPORT_STATES }).notNull().default('preview'),
    rowsInFile: integer('rows_in_file').notNull(),
    readyRows: integer('ready_rows').notNull(),
    skippedRows: integer('skipped_rows').notNull(),
    rejectedRows: integer('rejected_rows').notNull(),
    doneRows: integer('done_rows').notNull().default(0),
    createdRows: integer('created_rows').notNull().default(0),
    failedRows: integer('failed_rows').notNull().default(0),
    alreadyImportedRows: integer('already_imported_rows').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    error: text('error'),
    ...auditColumns,
  },
  (t) => [index('team_imports_event_created_idx').on(t.eventId, t.createdAt)],
);

/**
 * A row of an import: its cells and preview errors, and once the job has handled it, its check
 * record (spec: typeCheck, userUpsert, teamAdd, emailSend, each true, false or null; the error
 * and what rolled back). The job updates the record in the same transaction as the row's writes.
 */
export const teamImportRows = pgTable(
  'team_import_rows',
  {
    eventId: uuid('event_id').notNull(),
    importId: uuid('import_id')
      .notNull()
      .references(() => teamImports.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    status: text('status', { enum: IMPORT_ROW_STATUSES }).notNull(),
    cells: jsonb('cells').$type<Record<string, string>>().notNull(),
    errors: jsonb('errors').$type<CellError[]>().notNull().default([]),
    values: jsonb('values').$type<ImportRowValues>(),
    typeCheck: boolean('type_check'),
    userUpsert: boolean('user_upsert'),
    teamAdd: boolean('team_add'),
    emailSend: boolean('email_send'),
    errorMessage: text('error_message'),
    rolledBack: jsonb('rolled_back').$type<string[]>().notNull().default([]),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    ...auditColumns,
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.importId, t.rowNumber] }),
    index('team_import_rows_event_import_status_idx').on(t.eventId, t.importId, t.status, t.rowNumber),
  ],
);
