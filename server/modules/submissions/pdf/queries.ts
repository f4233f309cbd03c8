import sharp from 'sharp';
import { brandingFileIdOf } from '../../../../shared/branding/schema';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import type { EventScope } from '../../../platform/http/actor';
import { readSettings } from '../../events/settingsStore';
import { findFile } from '../../files/service';

/** The logo's box on the page, in PDF points (a wide logo is 180 x 60 at most); pixels at 2x. */
export const PDF_LOGO_BOX = { width: 180, height: 60 } as const;

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * The event's logo (branding settings) as PNG bytes for pdfkit, or null when there is none to draw.
 * Only an uploaded logo is drawn: it is read from our storage, never fetched from an outside address
 * (the server would otherwise request any URL an admin typed). pdfkit draws PNG and JPEG only, and
 * stored logos are WebP variants or SVG, so sharp turns the upload's original into a PNG sized for
 * the box. A logo that cannot be read or decoded leaves the PDF without it rather than failing it.
 */
export async function pdfLogo(ctx: AppContext, db: DbOrTx, scope: EventScope): Promise<Buffer | null> {
  const { eventId } = scope;
  const { logo } = await readSettings(db, eventId, 'branding');
  const fileId = brandingFileIdOf(logo);
  if (!fileId) return null;
  const file = await findFile(db, { eventId }, fileId);
  if (!file) return null;
  try {
    // The large variant is already decoded and shrunk once; the original is the only copy of an SVG.
    const stream = await ctx.storage.read(file.variants?.large ?? file.storageKey);
    if (!stream) return null;
    return await sharp(await readAll(stream), { failOn: 'error', limitInputPixels: 100_000_000 })
      .resize({
        width: PDF_LOGO_BOX.width * 2,
        height: PDF_LOGO_BOX.height * 2,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .png()
      .toBuffer();
  } catch (error) {
    ctx.logger.warn({ err: error, eventId, fileId }, 'The event logo could not be drawn in a submission PDF');
    return null;
  }
}
