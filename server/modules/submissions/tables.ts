import { boolean, index, integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../platform/db/columns';
import { events } from '../events/tables';
import { forms } from '../forms/tables';
import { teams } from '../people/tables';

/**
 * Submissions of a form: a team's drafts and submitted answers, and guests' submissions (no team).
 * `values` holds only what the engine's validateSubmission returned (read, tidied, hidden answers
 * dropped) and is parsed by it again on every read. `version` counts saves, so a save based on an
 * older version is refused instead of overwriting someone else's answers.
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: idColumn(),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    isDraft: boolean('is_draft').notNull().default(true),
    isGuest: boolean('is_guest').notNull().default(false),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    version: integer('version').notNull().default(1),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    ...auditColumns,
  },
  (t) => [
    index('form_submissions_event_form_updated_idx').on(t.eventId, t.formId, t.updatedAt),
    index('form_submissions_event_team_form_idx').on(t.eventId, t.teamId, t.formId),
  ],
);
