import { and, eq, inArray } from 'drizzle-orm';
import type { PageImage } from '../../../../shared/content/api';
import { CONTENT_ERRORS } from '../../../../shared/content/sections';
import type { ImageSize } from '../../../../shared/files/schemas';
import type { DbOrTx } from '../../../platform/db/client';
import { badRequest } from '../../../platform/http/errors';
import { assets } from '../../assets/tables';
import { fileUrl } from '../../files/service';

/**
 * A page's image (spec: a content page's assetId) names an image asset of its own event; its
 * address is built here from that asset's file, never taken as sent. A deleted asset leaves the
 * page without an image rather than a broken one.
 */

/** Refuses an asset that is not an image of this event ('Invalid content data'). */
export async function assertPageImage(db: DbOrTx, eventId: string, assetId: string | null): Promise<void> {
  if (assetId === null) return;
  const [found] = await db
    .select({ id: assets.id })
    .from(assets)
    .where(and(eq(assets.eventId, eventId), eq(assets.type, 'image'), eq(assets.id, assetId)));
  if (!found) {
    throw badRequest(CONTENT_ERRORS.invalidContent, [
      { path: ['assetId'], message: 'Choose an image of this event' },
    ]);
  }
}

/** The images of many pages at once, by asset id, at one size. */
export async function pageImages(
  db: DbOrTx,
  eventId: string,
  assetIds: readonly (string | null)[],
  size: ImageSize = 'large',
): Promise<Map<string, PageImage>> {
  const wanted = [...new Set(assetIds.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: assets.id, fileId: assets.fileId, altText: assets.altText, name: assets.name })
    .from(assets)
    .where(and(eq(assets.eventId, eventId), eq(assets.type, 'image'), inArray(assets.id, wanted)));
  return new Map(
    rows.map((row) => [
      row.id,
      { assetId: row.id, src: fileUrl(eventId, row.fileId, size), altText: row.altText || row.name },
    ]),
  );
}

/** One page's image, or null. */
export async function pageImage(
  db: DbOrTx,
  eventId: string,
  assetId: string | null,
): Promise<PageImage | null> {
  if (assetId === null) return null;
  return (await pageImages(db, eventId, [assetId])).get(assetId) ?? null;
}
