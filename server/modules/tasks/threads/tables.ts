import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../../platform/db/columns';
import { events } from '../../events/tables';
import { teams } from '../../people/tables';
import { tasks } from '../tables';

/**
 * The team side of a task beyond its progress: comments and replies, the accepted disclaimer and
 * the uploaded files (decision 0011). Every row belongs to one task and one team.
 */

/**
 * Comments and replies in one table: a reply has the comment as parent, so deleting a comment
 * deletes its replies (spec) by the foreign key. Likes are the account ids that like it, toggled in
 * one UPDATE so two people liking at once never lose a like.
 */
export const taskComments = pgTable(
  'task_comments',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: idColumn(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    text: text('text').notNull(),
    isPinned: boolean('is_pinned').notNull().default(false),
    pinnedAt: timestamp('pinned_at', { withTimezone: true, mode: 'date' }),
    likes: uuid('likes').array().notNull().default(sql`'{}'::uuid[]`),
    /** The team members the text mentions, each emailed once when the comment was written. */
    mentions: uuid('mentions').array().notNull().default(sql`'{}'::uuid[]`),
    ...auditColumns,
  },
  (t) => [
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id], name: 'task_comments_parent_fk' }).onDelete(
      'cascade',
    ),
    index('task_comments_event_task_team_idx').on(t.eventId, t.taskId, t.teamId, t.createdAt),
    index('task_comments_event_parent_idx').on(t.eventId, t.parentId),
  ],
);

/** A team's acceptance of a disclaimer task: who accepted, and when. */
export const taskDisclaimerAcceptances = pgTable(
  'task_disclaimer_acceptances',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    acceptedBy: text('accepted_by').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...auditColumns,
  },
  (t) => [primaryKey({ columns: [t.eventId, t.taskId, t.teamId] })],
);

/** A file a team uploaded for an upload task; the file row (ownerKind taskUpload) points back here. */
export const taskUploads = pgTable(
  'task_uploads',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: idColumn(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').notNull(),
    ...auditColumns,
  },
  (t) => [index('task_uploads_event_task_team_idx').on(t.eventId, t.taskId, t.teamId)],
);
