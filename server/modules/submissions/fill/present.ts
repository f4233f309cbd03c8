import { and, eq, inArray } from 'drizzle-orm';
import type { FillDefinition, FormImage } from '../../../../shared/forms/submissionsApi';
import type { DbOrTx } from '../../../platform/db/client';
import { assets } from '../../assets/tables';
import { fileUrl } from '../../files/service';
import { files } from '../../files/tables';

/** Widths of the image sizes (shared/files: the boxes images are fitted into), for srcSet. */
const SIZES = [
  ['small', 960],
  ['medium', 1440],
  ['large', 1920],
] as const;

/**
 * The images a form's image fields name, by asset id: the event's own image assets only (an id
 * from another event, a document or a deleted asset shows nothing). A guest reads them through
 * the guest file route, which lets them through for a public form (assets/policy.ts).
 */
export async function formImages(
  db: DbOrTx,
  eventId: string,
  fill: Pick<FillDefinition, 'fields'>,
  viewer: 'member' | 'guest',
): Promise<Record<string, FormImage>> {
  const ids = [
    ...new Set(
      fill.fields.flatMap((field) => (field.type === 'image' && field.assetId ? [field.assetId] : [])),
    ),
  ].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (ids.length === 0) return {};
  const rows = await db
    .select({ id: assets.id, altText: assets.altText, fileId: assets.fileId, variants: files.variants })
    .from(assets)
    .innerJoin(files, eq(files.id, assets.fileId))
    .where(and(eq(assets.eventId, eventId), eq(assets.type, 'image'), inArray(assets.id, ids)));
  const url = (fileId: string, size?: string) =>
    viewer === 'guest'
      ? `/api/guests/files/${fileId}${size ? `?size=${size}` : ''}`
      : fileUrl(eventId, fileId, size as Parameters<typeof fileUrl>[2]);
  return Object.fromEntries(
    rows.map((row) => [
      row.id,
      row.variants
        ? {
            src: url(row.fileId, 'small'),
            srcSet: SIZES.map(([size, width]) => `${url(row.fileId, size)} ${width}w`).join(', '),
            altText: row.altText,
          }
        : // A drawing (SVG) has one file for every size.
          { src: url(row.fileId), srcSet: '', altText: row.altText },
    ]),
  );
}

/** The definition a screen renders, with its images. */
export async function withImages(
  db: DbOrTx,
  eventId: string,
  fill: FillDefinition,
  viewer: 'member' | 'guest',
): Promise<FillDefinition> {
  return { ...fill, images: await formImages(db, eventId, fill, viewer) };
}
