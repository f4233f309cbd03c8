import { getTableColumns, sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ApprovalHistoryEntry } from '../../../shared/tasks/schema';
import { APPROVAL_STATUSES, PROGRESS_STATUSES, TASK_TYPES } from '../../../shared/tasks/schema';
import { auditColumns, idColumn } from '../../platform/db/columns';
import { events } from '../events/tables';
import { forms } from '../forms/tables';
import { teams } from '../people/tables';
import { teamTypeIdsOf } from '../people/teamTypes/links/queries';
import { teamTypeLinks } from '../people/teamTypes/links/tables';

/**
 * Tasks, their groups and each team's status. Groups and tasks have the id alone as primary key (as
 * teams do, decision 0007) so tasks.group_id can be ON DELETE SET NULL without touching event_id;
 * every query still filters on event_id and every index starts with it.
 */
export const taskGroups = pgTable(
  'task_groups',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: idColumn(),
    title: text('title').notNull(),
    isArchived: boolean('is_archived').notNull().default(false),
    ...auditColumns,
  },
  (t) => [index('task_groups_event_archived_title_idx').on(t.eventId, t.isArchived, t.title)],
);

/** A task; its group is held here (group_id + position) rather than as the spec's taskIds array. */
export const tasks = pgTable(
  'tasks',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: idColumn(),
    title: text('title').notNull(),
    // A calendar date without a zone (decision 0005); 'YYYY-MM-DD' strings sort in date order.
    dueDate: text('due_date').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: TASK_TYPES }).notNull().default('task'),
    externalLink: text('external_link').notNull().default(''),
    isTimeSensitive: boolean('is_time_sensitive').notNull().default(false),
    isApprovalNeeded: boolean('is_approval_needed').notNull().default(false),
    disclaimer: text('disclaimer').notNull().default(''),
    showToChildTeams: boolean('show_to_child_teams').notNull().default(false),
    isRequired: boolean('is_required').notNull().default(false),
    isArchived: boolean('is_archived').notNull().default(false),
    groupId: uuid('group_id').references(() => taskGroups.id, { onDelete: 'set null' }),
    /** A form task's form; a deleted form leaves the task without one (it then asks for one). */
    formId: uuid('form_id').references(() => forms.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    ...auditColumns,
  },
  (t) => [
    index('tasks_event_archived_due_idx').on(t.eventId, t.isArchived, t.dueDate),
    index('tasks_event_group_position_idx').on(t.eventId, t.groupId, t.position),
    unique('tasks_event_id_key').on(t.eventId, t.id),
  ],
);

/** The team types a task is for (none: every team); the spec's teamTypeIds. */
export const taskTeamTypes = teamTypeLinks('task_team_types', 'task_id', tasks);

/** One team's progress on one task; a missing row means incomplete with no approval. */
export const taskStatuses = pgTable(
  'task_statuses',
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
    progressStatus: text('progress_status', { enum: PROGRESS_STATUSES }).notNull().default('incomplete'),
    approvalStatus: text('approval_status', { enum: APPROVAL_STATUSES }).notNull().default('none'),
    approvalReview: text('approval_review').notNull().default(''),
    approvalHistory: jsonb('approval_history').$type<ApprovalHistoryEntry[]>().notNull().default([]),
    assignedTo: uuid('assigned_to').array().notNull().default(sql`'{}'::uuid[]`),
    ...auditColumns,
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.taskId, t.teamId] }),
    index('task_statuses_event_team_idx').on(t.eventId, t.teamId),
    // Reports count each team's finished statuses from this index alone (index-only, in team order):
    // 2.2 s -> 0.43 s for 1.5 M statuses on PostgreSQL (docs/benchmarks.md, issue 16).
    index('task_statuses_event_team_finished_idx')
      .on(t.eventId, t.teamId, t.taskId, t.progressStatus)
      .where(sql`${t.progressStatus} <> 'incomplete'`),
  ],
);

/**
 * Task reminders already sent: one row per task, team and calendar day in the event's zone. The
 * primary key is the dedupe key of shared/tasks/reminders.ts, so a second run the same day (another
 * worker, a retry, a later hourly tick) claims nothing with INSERT ... ON CONFLICT DO NOTHING.
 */
export const sentTaskReminders = pgTable(
  'sent_task_reminders',
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
    /** YYYY-MM-DD in the event's time zone. */
    day: text('day').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...auditColumns,
  },
  (t) => [primaryKey({ columns: [t.eventId, t.day, t.taskId, t.teamId] })],
);

/** A task's columns with its team type list (a select of the task as it was with the array). */
export const taskWithTeamTypes = {
  ...getTableColumns(tasks),
  teamTypeIds: teamTypeIdsOf(taskTeamTypes, tasks.eventId, tasks.id),
};
