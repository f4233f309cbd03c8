import { sql } from 'drizzle-orm';
import { text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Who changed a row: an account id, or 'system' for changes the platform makes itself. */
export const SYSTEM_ACTOR = 'system';

/** The audit columns every table carries. */
export const auditColumns = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  createdBy: text('created_by').notNull().default(SYSTEM_ACTOR),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: text('updated_by').notNull().default(SYSTEM_ACTOR),
};

export const idColumn = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
