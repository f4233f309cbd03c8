import { getTableColumns } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { SECTION_TYPES } from '../../../shared/content/sections';
import { auditColumns, idColumn } from '../../platform/db/columns';
import { events } from '../events/tables';
import { teamTypeIdsOf } from '../people/teamTypes/links/queries';
import { teamTypeLinks } from '../people/teamTypes/links/tables';

/**
 * Content pages and their sections. Sections are rows (one per section, ordered by position)
 * rather than a JSONB array on the page: a section's data varies by type, so it is JSONB, but
 * each section keeps its own id, publish flag and place, and a 40-section page still loads in
 * one indexed query (bench/content.bench.ts, docs/benchmarks.md).
 */
export const contentPages = pgTable(
  'content_pages',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: idColumn(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    isPublished: boolean('is_published').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(false),
    isArchived: boolean('is_archived').notNull().default(false),
    icon: text('icon').notNull().default('new_release_outlined'),
    showToChildTeams: boolean('show_to_child_teams').notNull().default(false),
    assetId: uuid('asset_id'),
    ...auditColumns,
  },
  (t) => [
    index('content_pages_event_archived_title_idx').on(t.eventId, t.isArchived, t.title),
    unique('content_pages_event_id_key').on(t.eventId, t.id),
  ],
);

/** The team types a page is shown to (none: every team); the spec's allowedTeamTypeIds. */
export const contentPageTeamTypes = teamTypeLinks('content_page_team_types', 'page_id', contentPages);

export const contentSections = pgTable(
  'content_sections',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: idColumn(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => contentPages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    heading: text('heading').notNull().default(''),
    type: text('type', { enum: SECTION_TYPES }).notNull(),
    // Always an object ({ value }): the driver reads a JSON string that looks like a number or
    // boolean back as one ('76979871' would come back as 76979871), so data is never stored bare.
    data: jsonb('data').$type<{ value: unknown }>().notNull(),
    isPublished: boolean('is_published').notNull().default(true),
    ...auditColumns,
  },
  (t) => [index('content_sections_event_page_position_idx').on(t.eventId, t.pageId, t.position)],
);

/** A page's columns with its team type list (a select of the page as it was with the array). */
export const contentPageWithTeamTypes = {
  ...getTableColumns(contentPages),
  allowedTeamTypeIds: teamTypeIdsOf(contentPageTeamTypes, contentPages.eventId, contentPages.id),
};
