import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { SUBMISSION_EVENT_KINDS } from '../../../shared/forms/submissionsApi';
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
    // The team report's sent submissions per team, read from the index alone in team order (reports/teams/queries.ts).
    index('form_submissions_team_sent_idx')
      .on(t.eventId, t.teamId, t.formId, t.submittedAt, t.createdAt)
      .where(sql`not ${t.isDraft} and ${t.teamId} is not null`),
  ],
);

/**
 * What happened to a submission that others act on (form notification emails, webhooks): written
 * in the same transaction as the save, handed to each listener's job after commit, and handed
 * again at start-up when a crash came in between (`dispatchedAt` still empty). See saved/service.ts.
 */
export const submissionEvents = pgTable(
  'submission_events',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: idColumn(),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => formSubmissions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: SUBMISSION_EVENT_KINDS }).notNull(),
    /** The submission's version this event describes. */
    version: integer('version').notNull(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true, mode: 'date' }),
    ...auditColumns,
  },
  (t) => [
    index('submission_events_submission_idx').on(t.eventId, t.submissionId),
    index('submission_events_undispatched_idx').on(t.createdAt).where(sql`${t.dispatchedAt} is null`),
  ],
);
