import { getTableColumns } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import type { Contact } from '../../../shared/suppliers/schema';
import { auditColumns, idColumn } from '../../platform/db/columns';
import { events } from '../events/tables';
import { teamTypeIdsOf } from '../people/teamTypes/links/queries';
import { teamTypeLinks } from '../people/teamTypes/links/tables';

/**
 * Suppliers and supplier groups (shown as supplier types). Both have the id alone as primary key
 * (as teams do, decision 0007) so the membership table can cascade on either side; every query
 * still filters on event_id and every index starts with it.
 */
export const suppliers = pgTable(
  'suppliers',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: idColumn(),
    company: text('company').notNull(),
    /** Sanitised HTML from the rich text editor. */
    description: text('description').notNull().default(''),
    website: text('website').notNull().default(''),
    /** A logo given by address; '' when none or when the logo is an uploaded file. */
    logoUrl: text('logo_url').notNull().default(''),
    /** An uploaded logo in the files module (owner kind 'supplierLogo', owner this supplier). */
    logoFileId: uuid('logo_file_id'),
    isFeatured: boolean('is_featured').notNull().default(false),
    isArchived: boolean('is_archived').notNull().default(false),
    // JSONB: a short list read and written whole with its supplier and never queried on its own;
    // parsed by the shared contact schema when written and when read.
    contacts: jsonb('contacts').$type<Contact[]>().notNull().default([]),
    ...auditColumns,
  },
  (t) => [
    index('suppliers_event_archived_company_idx').on(t.eventId, t.isArchived, t.company),
    unique('suppliers_event_id_key').on(t.eventId, t.id),
  ],
);

/** showToTeamTypeIds: when any, only teams of these types see the supplier. */
export const supplierShowTeamTypes = teamTypeLinks('supplier_show_team_types', 'supplier_id', suppliers);
/** hideFromTeamTypeIds: teams of these types never see the supplier. */
export const supplierHideTeamTypes = teamTypeLinks('supplier_hide_team_types', 'supplier_id', suppliers);

export const supplierGroups = pgTable(
  'supplier_groups',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: idColumn(),
    title: text('title').notNull(),
    isArchived: boolean('is_archived').notNull().default(false),
    ...auditColumns,
  },
  (t) => [index('supplier_groups_event_archived_title_idx').on(t.eventId, t.isArchived, t.title)],
);

/** The spec's supplierIds of a group, as rows: a supplier may be of several types. */
export const supplierGroupMembers = pgTable(
  'supplier_group_members',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => supplierGroups.id, { onDelete: 'cascade' }),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.groupId, t.supplierId] }),
    index('supplier_group_members_event_supplier_idx').on(t.eventId, t.supplierId),
  ],
);

/** A supplier's columns with its two team type lists. */
export const supplierWithTeamTypes = {
  ...getTableColumns(suppliers),
  showToTeamTypeIds: teamTypeIdsOf(supplierShowTeamTypes, suppliers.eventId, suppliers.id),
  hideFromTeamTypeIds: teamTypeIdsOf(supplierHideTeamTypes, suppliers.eventId, suppliers.id),
};
