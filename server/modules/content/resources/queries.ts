import { and, eq, inArray } from 'drizzle-orm';
import type { ReaderResource } from '../../../../shared/content/api';
import type { Resource, ResourceType } from '../../../../shared/content/sections';
import type { ContentViewer } from '../../../../shared/content/visibility';
import { canSeeDownload } from '../../../../shared/downloads/visibility';
import { canSeeSupplier } from '../../../../shared/suppliers/visibility';
import { canSeeTask } from '../../../../shared/tasks/visibility';
import type { DbOrTx } from '../../../platform/db/client';
import { downloads, downloadWithTeamTypes } from '../../downloads/tables';
import { suppliers, supplierWithTeamTypes } from '../../suppliers/tables';
import { tasks, taskWithTeamTypes } from '../../tasks/tables';

/**
 * Resources sections link to tasks, downloads and suppliers (spec: a list of id and type). Each is
 * resolved for the viewer when the page is read: an item that is gone, archived or not theirs to
 * see is left out, and each link goes to the screen that shows the item. Forms have no table yet,
 * so a form entry resolves to nothing until the forms area registers one here.
 */

type Found = { id: string; title: string; visible: boolean };
type Resolver = (
  db: DbOrTx,
  eventId: string,
  ids: string[],
  viewer: ContentViewer | null,
) => Promise<Found[]>;

/** Guests (viewer null) never see team-only records: tasks, downloads and suppliers need an account. */
const RESOLVERS: Partial<Record<ResourceType, { resolve: Resolver; href: (id: string) => string }>> = {
  task: {
    href: (id) => `/tasks/${id}`,
    resolve: async (db, eventId, ids, viewer) => {
      const rows = await db
        .select(taskWithTeamTypes)
        .from(tasks)
        .where(and(eq(tasks.eventId, eventId), inArray(tasks.id, ids)));
      return rows.map((t) => ({
        id: t.id,
        title: t.title,
        visible: viewer !== null && !t.isArchived && canSeeTask(t, { ...viewer, isOrganiserTeam: false }),
      }));
    },
  },
  download: {
    href: () => '/downloads',
    resolve: async (db, eventId, ids, viewer) => {
      const rows = await db
        .select(downloadWithTeamTypes)
        .from(downloads)
        .where(and(eq(downloads.eventId, eventId), inArray(downloads.id, ids)));
      return rows.map((d) => ({
        id: d.id,
        title: d.name,
        visible: viewer !== null && canSeeDownload(d, viewer),
      }));
    },
  },
  supplier: {
    href: (id) => `/suppliers/${id}`,
    resolve: async (db, eventId, ids, viewer) => {
      const rows = await db
        .select(supplierWithTeamTypes)
        .from(suppliers)
        .where(and(eq(suppliers.eventId, eventId), inArray(suppliers.id, ids)));
      return rows.map((s) => ({
        id: s.id,
        title: s.company,
        visible: viewer !== null && canSeeSupplier(s, viewer),
      }));
    },
  },
};

/** The kinds an editor can link today (those with a resolver). */
export const LINKABLE_RESOURCE_TYPES = Object.keys(RESOLVERS) as ResourceType[];

/** Which of the given entries exist in the event (whatever their visibility): for saving. */
export async function missingResources(
  db: DbOrTx,
  eventId: string,
  entries: Resource[],
): Promise<Resource[]> {
  const missing: Resource[] = [];
  for (const type of new Set(entries.map((e) => e.type))) {
    const ofType = entries.filter((e) => e.type === type);
    const resolver = RESOLVERS[type];
    if (!resolver) {
      missing.push(...ofType);
      continue;
    }
    const found = new Set(
      (
        await resolver.resolve(
          db,
          eventId,
          ofType.map((e) => e.id),
          null,
        )
      ).map((f) => f.id),
    );
    missing.push(...ofType.filter((e) => !found.has(e.id)));
  }
  return missing;
}

/** Every resources entry of a page resolved at once (one query per kind), in the stored order. */
export async function resolveResources(
  db: DbOrTx,
  eventId: string,
  entries: Resource[],
  viewer: ContentViewer | null,
): Promise<(entry: Resource) => ReaderResource | null> {
  const found = new Map<string, Found>();
  for (const type of new Set(entries.map((e) => e.type))) {
    const resolver = RESOLVERS[type];
    if (!resolver) continue;
    const ids = [...new Set(entries.filter((e) => e.type === type).map((e) => e.id))];
    for (const item of await resolver.resolve(db, eventId, ids, viewer))
      found.set(`${type}:${item.id}`, item);
  }
  return (entry) => {
    const item = found.get(`${entry.type}:${entry.id}`);
    const resolver = RESOLVERS[entry.type];
    if (!item?.visible || !resolver) return null;
    return {
      type: entry.type,
      id: entry.id,
      label: entry.label || item.title,
      href: resolver.href(entry.id),
    };
  };
}
