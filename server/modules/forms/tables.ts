import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LogicMap, Rule } from '../../../shared/forms/schema/logic';
import { auditColumns, idColumn } from '../../platform/db/columns';
import { events } from '../events/tables';

/**
 * Forms, fields, field groups, confirmations, notification records and edit locks. Server-made
 * records have the id alone as primary key (as suppliers and teams, decision 0007) so children can
 * cascade on it; fields, whose ids the builder makes, are keyed by (event_id, id). Every query
 * filters on event_id and every index starts with it. JSONB holds only what the engine's schemas
 * parse on every read and write: logic maps, rules, a field's type-specific settings.
 */

export const forms = pgTable(
  'forms',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: idColumn(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    logicMap: jsonb('logic_map').$type<LogicMap>().notNull().default({}),
    isArchived: boolean('is_archived').notNull().default(false),
    isPublished: boolean('is_published').notNull().default(false),
    isEditable: boolean('is_editable').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(false),
    ...auditColumns,
  },
  (t) => [index('forms_event_archived_title_idx').on(t.eventId, t.isArchived, t.title)],
);

export const fieldGroups = pgTable(
  'field_groups',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: idColumn(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    logicMap: jsonb('logic_map').$type<LogicMap>().notNull().default({}),
    isArchived: boolean('is_archived').notNull().default(false),
    isPublished: boolean('is_published').notNull().default(true),
    ...auditColumns,
  },
  (t) => [index('field_groups_event_archived_title_idx').on(t.eventId, t.isArchived, t.title)],
);

/**
 * A field of a form (form_id) or of a field group (group_id), at its place in that list. The
 * engine's field record, less id and stamps, is `settings`; `embedsGroupId` copies a template's
 * group so "is this group used in a form" is one indexed lookup.
 */
export const formFields = pgTable(
  'form_fields',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    formId: uuid('form_id').references(() => forms.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => fieldGroups.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type').notNull(),
    embedsGroupId: uuid('embeds_group_id'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    ...auditColumns,
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.id] }),
    index('form_fields_event_form_idx').on(t.eventId, t.formId, t.position),
    index('form_fields_event_group_idx').on(t.eventId, t.groupId, t.position),
    index('form_fields_event_embeds_idx').on(t.eventId, t.embedsGroupId),
    check('form_fields_one_owner', sql`(${t.formId} is null) <> (${t.groupId} is null)`),
  ],
);

export const formConfirmations = pgTable(
  'form_confirmations',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: idColumn(),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull().default(''),
    /** Sanitised HTML from the rich text editor. */
    message: text('message').notNull().default(''),
    operator: text('operator').$type<'ANY' | 'ALL'>().notNull().default('ANY'),
    rules: jsonb('rules').$type<Rule[]>().notNull().default([]),
    isDefault: boolean('is_default').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    ...auditColumns,
  },
  (t) => [index('form_confirmations_event_form_idx').on(t.eventId, t.formId, t.position)],
);

/**
 * A form's notification records (who is emailed on a submission). Created with the form (the
 * admin and user defaults), edited in notifications/service.ts, sent by notifications/jobs.ts.
 * The engine's record, less id and stamps, is `settings`.
 */
export const formNotifications = pgTable(
  'form_notifications',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: idColumn(),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    ...auditColumns,
  },
  (t) => [index('form_notifications_event_form_idx').on(t.eventId, t.formId, t.position)],
);

/**
 * Which notifications a submission event has already sent: the sending job may run twice for one
 * event (submissions/saved/service.ts), and this row, written in the transaction that queues the
 * emails, makes the second run send nothing. The submission event is not a foreign key, as
 * submissions' tables already reference this module's.
 */
export const formNotificationSends = pgTable(
  'form_notification_sends',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    submissionEventId: uuid('submission_event_id').notNull(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => formNotifications.id, { onDelete: 'cascade' }),
    /** How many emails it queued (recipients and bcc copies); 0 when it found no one to send to. */
    emails: integer('emails').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.submissionEventId, t.notificationId] })],
);

/** The edit lock of a form or field group: one holder, until `expiresAt` (spec: Lock). */
export const editLocks = pgTable(
  'edit_locks',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    resourceType: text('resource_type').$type<'form' | 'fieldGroup'>().notNull(),
    resourceId: uuid('resource_id').notNull(),
    holderId: uuid('holder_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...auditColumns,
  },
  (t) => [primaryKey({ columns: [t.eventId, t.resourceType, t.resourceId] })],
);
