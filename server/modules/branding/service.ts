import { sql } from 'drizzle-orm';
import {
  BRANDING_IMAGE_SLOTS,
  type BrandingImageSlot,
  brandingFileIdOf,
  brandingFileUrl,
  type PublicBranding,
} from '../../../shared/branding/schema';
import type { Settings } from '../../../shared/events/settings';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { withTransaction } from '../../platform/db/transaction';
import type { EventScope, Scope } from '../../platform/http/actor';
import { readSettings, writeSettings } from '../events/settingsStore';
import { events } from '../events/tables';
import { claimFiles, type FileRow, type FileViewer, releaseFiles } from '../files/service';
import { presentPublicBranding } from './present';

/**
 * Uploaded branding images. Each is a 'branding' file claimed with its own id as owner (as the
 * dashboard header does), so replacing one image never touches the event's other branding files.
 * The claim comes first (a wrong file changes nothing), then the settings, then the old file goes.
 */
export async function setBrandingImage(
  ctx: AppContext,
  scope: Scope,
  slot: BrandingImageSlot,
  fileId: string | null,
): Promise<Settings<'branding'>> {
  const { eventId, accountId: actor } = scope;
  if (fileId)
    await withTransaction(ctx.db, (tx) => claimFiles(tx, { eventId }, [fileId], 'branding', fileId));
  const before = await readSettings(ctx.db, eventId, 'branding');
  const saved = await writeSettings(
    ctx.db,
    eventId,
    'branding',
    { [slot]: fileId ? brandingFileUrl(fileId, slot) : '' },
    actor,
  );
  await releaseUnusedBrandingFiles(ctx, scope, before, saved);
  return saved;
}

/**
 * Releases (rows and bytes) the uploaded images a branding change left unused: after an image
 * route call, and after the settings form replaced an upload with an outside address or nothing.
 */
export async function releaseUnusedBrandingFiles(
  ctx: AppContext,
  scope: EventScope,
  before: Settings<'branding'>,
  after: Settings<'branding'>,
): Promise<void> {
  const { eventId } = scope;
  const fileIds = (doc: Settings<'branding'>) =>
    new Set(BRANDING_IMAGE_SLOTS.map((slot) => brandingFileIdOf(doc[slot])).filter((id) => id !== null));
  const used = fileIds(after);
  for (const old of fileIds(before)) {
    if (!used.has(old))
      await withTransaction(ctx.db, (tx) => releaseFiles(tx, ctx, { eventId }, 'branding', old));
  }
}

/**
 * The sign-in screens' branding: the one event whose app URL is this server's public address.
 * None, or several sharing it, and the screens show the product's own name.
 */
export async function publicBrandingFor(db: DbOrTx, publicUrl: string): Promise<PublicBranding> {
  const wanted = publicUrl.replace(/\/+$/, '').toLowerCase();
  const matches = await db
    .select({ id: events.id, name: events.name })
    .from(events)
    .where(sql`lower(rtrim(${events.appUrl}, '/')) = ${wanted}`)
    .limit(2);
  if (matches.length !== 1) return { event: null };
  const [event] = matches;
  return presentPublicBranding(event, await readSettings(db, event.id, 'branding'));
}

/**
 * Branding files: the images of the branding settings are public (the sign-in screens show them
 * before anyone signs in); other branding files of an event, such as the dashboard header, are for
 * its members.
 */
export async function mayReadBrandingFile(db: DbOrTx, viewer: FileViewer, file: FileRow): Promise<boolean> {
  if (viewer && viewer.eventId === file.eventId) return true;
  const branding = await readSettings(db, file.eventId, 'branding');
  return BRANDING_IMAGE_SLOTS.some((slot) => brandingFileIdOf(branding[slot]) === file.id);
}
