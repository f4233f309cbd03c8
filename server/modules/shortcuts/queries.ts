import { count, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ShortcutArea, ShortcutCounts } from '../../../shared/shortcuts/api';
import type { DbOrTx } from '../../platform/db/client';
import { contentPages } from '../content/tables';
import { supplierGroups, suppliers } from '../suppliers/tables';
import { taskGroups, tasks } from '../tasks/tables';

interface Archivable {
  table: PgTable;
  eventId: AnyPgColumn;
  isArchived: AnyPgColumn;
}

/** One table's rows of an event, split into listed and archived (one grouped count). */
async function listedAndArchived(db: DbOrTx, source: Archivable, eventId: string) {
  const rows = await db
    .select({ isArchived: source.isArchived, n: count() })
    .from(source.table)
    .where(eq(source.eventId, eventId))
    .groupBy(source.isArchived);
  const of = (archived: boolean) => rows.find((r) => r.isArchived === archived)?.n ?? 0;
  return { listed: of(false), archived: of(true) };
}

const CONTENT: Archivable = {
  table: contentPages,
  eventId: contentPages.eventId,
  isArchived: contentPages.isArchived,
};
const TASKS: Archivable = { table: tasks, eventId: tasks.eventId, isArchived: tasks.isArchived };
const TASK_GROUPS: Archivable = {
  table: taskGroups,
  eventId: taskGroups.eventId,
  isArchived: taskGroups.isArchived,
};
const SUPPLIERS: Archivable = {
  table: suppliers,
  eventId: suppliers.eventId,
  isArchived: suppliers.isArchived,
};
const SUPPLIER_GROUPS: Archivable = {
  table: supplierGroups,
  eventId: supplierGroups.eventId,
  isArchived: supplierGroups.isArchived,
};

/**
 * The counts behind one manage area's shortcuts (spec: "Manage-area shortcuts show counts"). Each
 * count is of the whole event, whatever filter the list on screen has, as the forms area does.
 */
export async function shortcutCounts(
  db: DbOrTx,
  eventId: string,
  area: ShortcutArea,
): Promise<ShortcutCounts> {
  switch (area) {
    case 'content': {
      const pages = await listedAndArchived(db, CONTENT, eventId);
      return { counts: { content: pages.listed, archivedContent: pages.archived } };
    }
    case 'tasks': {
      const [own, groups] = await Promise.all([
        listedAndArchived(db, TASKS, eventId),
        listedAndArchived(db, TASK_GROUPS, eventId),
      ]);
      return {
        counts: {
          tasks: own.listed,
          archivedTasks: own.archived,
          taskGroups: groups.listed,
          archivedTaskGroups: groups.archived,
        },
      };
    }
    case 'suppliers': {
      const [own, groups] = await Promise.all([
        listedAndArchived(db, SUPPLIERS, eventId),
        listedAndArchived(db, SUPPLIER_GROUPS, eventId),
      ]);
      return {
        counts: {
          suppliers: own.listed,
          archivedSuppliers: own.archived,
          supplierGroups: groups.listed,
          archivedSupplierGroups: groups.archived,
        },
      };
    }
  }
}
