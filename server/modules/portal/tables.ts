import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CARD_TYPES } from '../../../shared/portal/cardLayouts';
import { PORTAL_ICONS } from '../../../shared/portal/corePages';
import { auditColumns, idColumn } from '../../platform/db/columns';
import { events } from '../events/tables';
import { teamTypes } from '../people/tables';

/**
 * Card layouts of the dashboard (spec: id, isDefault, name, cardIds, teamTypeIds). The sidebar,
 * featured pages, core pages and the dashboard header are settings documents (settings table).
 */
export const cardLayouts = pgTable(
  'card_layouts',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: idColumn(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    ...auditColumns,
  },
  (t) => [
    index('card_layouts_event_name_idx').on(t.eventId, t.name),
    // One default layout per event, held by the database itself.
    uniqueIndex('card_layouts_one_default_idx').on(t.eventId).where(sql`${t.isDefault}`),
  ],
);

/** The six cards of a layout, in order (position 0..5). */
export const layoutCards = pgTable(
  'layout_cards',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: idColumn(),
    layoutId: uuid('layout_id')
      .notNull()
      .references(() => cardLayouts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    icon: text('icon', { enum: PORTAL_ICONS }).notNull().default('star'),
    isMini: boolean('is_mini').notNull().default(false),
    type: text('type', { enum: CARD_TYPES }).notNull(),
    // A core page id ('tasks') or a content page id; content pages may go, so no foreign key.
    pathId: text('path_id').notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('layout_cards_event_layout_position_idx').on(t.eventId, t.layoutId, t.position)],
);

/** Which team types see a layout; the primary key makes a team type belong to one layout only. */
export const layoutTeamTypes = pgTable(
  'layout_team_types',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    teamTypeId: uuid('team_type_id')
      .notNull()
      .references(() => teamTypes.id, { onDelete: 'cascade' }),
    layoutId: uuid('layout_id')
      .notNull()
      .references(() => cardLayouts.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.teamTypeId] }),
    index('layout_team_types_event_layout_idx').on(t.eventId, t.layoutId),
  ],
);
