import { and, eq } from 'drizzle-orm';
import { SETTINGS_SCHEMAS } from '../../../../shared/events/settings';
import type { DbOrTx } from '../../../platform/db/client';
import { readSettings } from '../../events/settingsStore';
import { settings } from '../../events/tables';

/**
 * Content's side effects on the event's settings documents (spec: setting the featured flag adds
 * or removes the page in the featured list; archiving removes it from featured pages and from
 * sidebar sections). They run inside the caller's transaction; the caller drops the cached event
 * lists after commit (decision 0003).
 */

async function writeFeatured(tx: DbOrTx, eventId: string, contentIds: string[], by: string) {
  const data = SETTINGS_SCHEMAS.featured.parse({ contentIds });
  await tx
    .update(settings)
    .set({ data, updatedBy: by, updatedAt: new Date() })
    .where(and(eq(settings.eventId, eventId), eq(settings.name, 'featured')));
}

export async function featuredIds(tx: DbOrTx, eventId: string): Promise<string[]> {
  return (await readSettings(tx, eventId, 'featured')).contentIds;
}

/** Adds the page at the end of the featured list, or takes it out; a no-op when already so. */
export async function setFeatured(
  tx: DbOrTx,
  eventId: string,
  contentId: string,
  featured: boolean,
  by: string,
) {
  const current = await featuredIds(tx, eventId);
  const has = current.includes(contentId);
  if (featured === has) return;
  const next = featured ? [...current, contentId] : current.filter((id) => id !== contentId);
  await writeFeatured(tx, eventId, next, by);
}

/**
 * Takes a page out of every place that links to it from settings: the featured list and the
 * sidebar's sections. The sidebar document is read as plain JSON so that this works whatever
 * shape its own module gives it, as long as its sections keep the spec's `itemIds`.
 */
export async function unlinkPage(tx: DbOrTx, eventId: string, contentId: string, by: string) {
  await setFeatured(tx, eventId, contentId, false, by);
  const [sidebar] = await tx
    .select({ data: settings.data })
    .from(settings)
    .where(and(eq(settings.eventId, eventId), eq(settings.name, 'sidebar')));
  if (!sidebar) return;
  const { changed, data } = withoutItem(sidebar.data, contentId);
  if (!changed) return;
  await tx
    .update(settings)
    .set({ data, updatedBy: by, updatedAt: new Date() })
    .where(and(eq(settings.eventId, eventId), eq(settings.name, 'sidebar')));
}

type Json = unknown;

/** Removes an id from every `itemIds` list in a settings document, however deeply nested. */
export function withoutItem(data: Json, id: string): { changed: boolean; data: Json } {
  let changed = false;
  const walk = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') {
      const out: Record<string, Json> = {};
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'itemIds' && Array.isArray(inner)) {
          const kept = inner.filter((item) => item !== id && !(isRecord(item) && item.id === id));
          if (kept.length !== inner.length) changed = true;
          out[key] = kept;
        } else out[key] = walk(inner);
      }
      return out;
    }
    return value;
  };
  const next = walk(data);
  return { changed, data: next };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
