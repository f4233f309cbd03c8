import { getTableColumns, sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { TARGET_KINDS } from '../../../shared/notifications/api';
import { NOTIFICATION_STATUSES } from '../../../shared/notifications/status';
import { AUDIENCES } from '../../../shared/notifications/visibility';
import { auditColumns } from '../../platform/db/columns';
import { accounts } from '../auth/tables';
import { outboxEmails } from '../emails/tables';
import { events } from '../events/tables';
import { teams } from '../people/tables';
import { teamTypeIdsOf } from '../people/teamTypes/links/queries';
import { teamTypeLinks } from '../people/teamTypes/links/tables';

/**
 * Event notifications (spec: title, description, sendEmail, teamId, teamTypeIds, linkUrl,
 * scheduledAt, status, sentAt, providerResponse; target kinds content, form, task). The target is
 * a kind and an id (checked against the event when saved, no foreign key: it points into one of
 * three tables). A notification for one team goes with its team; its team types are a join table
 * (decision 0065), which a deleted team type leaves by its foreign key.
 */
export const notifications = pgTable(
  'notifications',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    title: text('title').notNull(),
    /** Sanitised rich text (HTML). */
    description: text('description').notNull().default(''),
    targetKind: text('target_kind', { enum: TARGET_KINDS }).notNull().default('none'),
    targetId: uuid('target_id'),
    linkUrl: text('link_url').notNull().default(''),
    audience: text('audience', { enum: AUDIENCES }).notNull().default('everyone'),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    sendEmail: boolean('send_email').notNull().default(false),
    status: text('status', { enum: NOTIFICATION_STATUSES }).notNull().default('draft'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true, mode: 'date' }),
    /** When it was published (the readers' date). */
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** Set once when its emails are queued: a notification emails its readers at most once. */
    emailedAt: timestamp('emailed_at', { withTimezone: true, mode: 'date' }),
    providerResponse: text('provider_response'),
    ...auditColumns,
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.id] }),
    index('notifications_event_updated_idx').on(t.eventId, t.updatedAt),
    index('notifications_event_status_scheduled_idx').on(t.eventId, t.status, t.scheduledAt),
  ],
);

/** The team types of a notification for team types (audience 'teamTypes'). */
export const notificationTeamTypes = teamTypeLinks(
  'notification_team_types',
  'notification_id',
  notifications,
);

/** Who has read which notification (spec: notification read or unread, per user). */
export const notificationReads = pgTable(
  'notification_reads',
  {
    eventId: uuid('event_id').notNull(),
    notificationId: uuid('notification_id').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.accountId, t.notificationId] }),
    foreignKey({
      columns: [t.eventId, t.notificationId],
      foreignColumns: [notifications.eventId, notifications.id],
      name: 'notification_reads_notification_fk',
    }).onDelete('cascade'),
  ],
);

/**
 * The emails of a notification, one per recipient, numbered in sending order. The key makes each
 * recipient's email exactly once; the outbox row says whether it went, and its error is the
 * provider's answer reported on the notification.
 */
export const notificationEmails = pgTable(
  'notification_emails',
  {
    eventId: uuid('event_id').notNull(),
    notificationId: uuid('notification_id').notNull(),
    accountId: uuid('account_id').notNull(),
    position: integer('position').notNull(),
    outboxId: uuid('outbox_id')
      .notNull()
      .references(() => outboxEmails.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.notificationId, t.accountId] }),
    index('notification_emails_event_outbox_idx').on(t.eventId, t.outboxId),
    foreignKey({
      columns: [t.eventId, t.notificationId],
      foreignColumns: [notifications.eventId, notifications.id],
      name: 'notification_emails_notification_fk',
    }).onDelete('cascade'),
  ],
);

/** A notification's columns with its team type list. */
export const notificationWithTeamTypes = {
  ...getTableColumns(notifications),
  teamTypeIds: teamTypeIdsOf(notificationTeamTypes, notifications.eventId, notifications.id),
};
