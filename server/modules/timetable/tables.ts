import { getTableColumns, sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LINK_KINDS } from '../../../shared/timetable/schema';
import { auditColumns } from '../../platform/db/columns';
import { accounts } from '../auth/tables';
import { events } from '../events/tables';
import { teamTypeIdsOf } from '../people/teamTypes/links/queries';
import { teamTypeLinks } from '../people/teamTypes/links/tables';

/**
 * The time table (decision 0016). Every key starts with event_id, the primary keys too, so one
 * event's programme stays together (and shards by event). A session's track is a composite foreign
 * key (event_id, track_id), so a session can never point at another event's track; deleting a track
 * clears it from its sessions first, in the same transaction (service).
 */
export const timetableTracks = pgTable(
  'timetable_tracks',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    color: text('color').notNull(),
    ...auditColumns,
  },
  (t) => [
    primaryKey({ name: 'timetable_tracks_pk', columns: [t.eventId, t.id] }),
    uniqueIndex('timetable_tracks_event_name_idx').on(t.eventId, sql`lower(${t.name})`),
  ],
);

export const timetableSessions = pgTable(
  'timetable_sessions',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    // Wall-clock 'YYYY-MM-DDTHH:mm' in the event's time zone; the text sorts in time order.
    startsAt: text('starts_at').notNull(),
    endsAt: text('ends_at').notNull(),
    location: text('location').notNull().default(''),
    trackId: uuid('track_id'),
    showToChildTeams: boolean('show_to_child_teams').notNull().default(true),
    // A content page, form or task of the event; checked on write, dropped on read if gone since.
    linkKind: text('link_kind', { enum: LINK_KINDS }),
    linkId: uuid('link_id'),
    ...auditColumns,
  },
  (t) => [
    primaryKey({ name: 'timetable_sessions_pk', columns: [t.eventId, t.id] }),
    foreignKey({
      name: 'timetable_sessions_track_fk',
      columns: [t.eventId, t.trackId],
      foreignColumns: [timetableTracks.eventId, timetableTracks.id],
    }),
    index('timetable_sessions_event_starts_idx').on(t.eventId, t.startsAt),
    index('timetable_sessions_event_track_idx').on(t.eventId, t.trackId),
  ],
);

/** The team types a session is for (none: every team). */
export const timetableSessionTeamTypes = teamTypeLinks(
  'timetable_session_team_types',
  'session_id',
  timetableSessions,
);

/**
 * One private calendar feed per member of an event. Only the token's hash is kept: the address is
 * shown once when made; making a new one replaces the hash, so the old address stops working.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    ...auditColumns,
  },
  (t) => [
    primaryKey({ name: 'calendar_feeds_pk', columns: [t.eventId, t.accountId] }),
    uniqueIndex('calendar_feeds_event_token_idx').on(t.eventId, t.tokenHash),
  ],
);

/** A session's columns with its team type list. */
export const sessionWithTeamTypes = {
  ...getTableColumns(timetableSessions),
  teamTypeIds: teamTypeIdsOf(timetableSessionTeamTypes, timetableSessions.eventId, timetableSessions.id),
};
