import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CLONE_STATES } from '../../../shared/editions/clone';
import { auditColumns, idColumn } from '../../platform/db/columns';
import { events } from '../events/tables';

/**
 * A "create next edition" job of an event: what was asked, its state and progress, and the new
 * event once it exists. The new event and this row's 'done' commit in the clone's one transaction,
 * so a clone stopped half-way leaves this row 'running' and no event (the queue runs it again).
 */
export const eventClones = pgTable(
  'event_clones',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: idColumn(),
    name: text('name').notNull(),
    shiftDays: integer('shift_days').notNull(),
    state: text('state', { enum: CLONE_STATES }).notNull().default('queued'),
    doneSteps: integer('done_steps').notNull().default(0),
    totalSteps: integer('total_steps').notNull().default(0),
    newEventId: uuid('new_event_id').references(() => events.id, { onDelete: 'set null' }),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    ...auditColumns,
  },
  (t) => [index('event_clones_event_created_idx').on(t.eventId, t.createdAt)],
);
