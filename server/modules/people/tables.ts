import {
  boolean,
  foreignKey,
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
import { PERMISSIONS } from '../../../shared/auth/permissions';
import { CUSTOM_FIELD_TYPES } from '../../../shared/people/customFields';
import { MEMBER_AREAS } from '../../../shared/people/memberAreas';
import { STAND_SHARE_ROLES, TEAM_ROLES } from '../../../shared/people/teams';
import { auditColumns, idColumn } from '../../platform/db/columns';
import { accounts } from '../auth/tables';
import { events } from '../events/tables';

/**
 * Groups of teams (exhibitor, sponsor, ...). The id alone is the primary key so that teams can point
 * at it with an ON DELETE SET NULL that leaves their event_id alone; every query still filters on
 * event_id, and every index starts with it.
 */
export const teamTypes = pgTable(
  'team_types',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: idColumn(),
    name: text('name').notNull(),
    ...auditColumns,
  },
  (t) => [
    index('team_types_event_name_idx').on(t.eventId, t.name),
    // What the team type lists' foreign keys (event_id, team_type_id) point at (decision 0065).
    unique('team_types_event_id_key').on(t.eventId, t.id),
  ],
);

/** An exhibiting team: its owner, type, organiser flag, stand share place and custom field values. */
export const teams = pgTable(
  'teams',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: idColumn(),
    name: text('name').notNull(),
    // Restrict: an account that owns a team is deleted only after its ownership moves on.
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    teamTypeId: uuid('team_type_id').references(() => teamTypes.id, { onDelete: 'set null' }),
    isOrganiser: boolean('is_organiser').notNull().default(false),
    standShareRole: text('stand_share_role', { enum: STAND_SHARE_ROLES }).notNull().default('none'),
    parentTeamId: uuid('parent_team_id'),
    customFields: jsonb('custom_fields').$type<Record<string, string | boolean>>().notNull().default({}),
    ...auditColumns,
  },
  (t) => [
    foreignKey({ columns: [t.parentTeamId], foreignColumns: [t.id], name: 'teams_parent_team_fk' }).onDelete(
      'restrict',
    ),
    index('teams_event_name_idx').on(t.eventId, t.name),
    index('teams_event_type_name_idx').on(t.eventId, t.teamTypeId, t.name),
    index('teams_event_parent_idx').on(t.eventId, t.parentTeamId),
    index('teams_event_owner_idx').on(t.eventId, t.ownerId),
  ],
);

/** An account's place in one event: its permission level, team and sign-in history there. */
export const memberships = pgTable(
  'memberships',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    permissions: text('permissions', { enum: PERMISSIONS }).notNull().default('user'),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    teamRole: text('team_role', { enum: TEAM_ROLES }),
    hasLoggedIn: boolean('has_logged_in').notNull().default(false),
    lastLoginInTime: timestamp('last_login_in_time', { withTimezone: true, mode: 'date' }),
    isOnboarded: boolean('is_onboarded').notNull().default(false),
    /** The areas a team member may open (decision 0034); null = never chosen = every area. */
    memberAreas: text('member_areas', { enum: MEMBER_AREAS }).array(),
    ...auditColumns,
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.accountId] }),
    index('memberships_account_idx').on(t.accountId),
    index('memberships_event_permissions_idx').on(t.eventId, t.permissions),
    index('memberships_event_team_idx').on(t.eventId, t.teamId),
  ],
);

/** Extra fields of a team, defined per event; each team keeps its values in teams.custom_fields. */
export const customFields = pgTable(
  'custom_fields',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: idColumn(),
    label: text('label').notNull(),
    type: text('type', { enum: CUSTOM_FIELD_TYPES }).notNull(),
    placeholder: text('placeholder').notNull().default(''),
    description: text('description').notNull().default(''),
    showField: boolean('show_field').notNull().default(true),
    showToChildTeams: boolean('show_to_child_teams').notNull().default(false),
    isRequired: boolean('is_required').notNull().default(false),
    position: integer('position').notNull().default(0),
    ...auditColumns,
  },
  (t) => [
    index('custom_fields_event_label_idx').on(t.eventId, t.label),
    index('custom_fields_event_position_idx').on(t.eventId, t.position),
  ],
);
