import { LOGO_PURPOSE, SUPPLIER_ERRORS } from '../../../../shared/suppliers/schema';
import type { AppContext } from '../../../platform/context';
import type { Tx } from '../../../platform/db/client';
import { AppError, badRequest } from '../../../platform/http/errors';
import { claimFiles, fileUrl, registerFileAccess, releaseFileIds, releaseFiles } from '../../files/service';

/**
 * A supplier's logo through the files module: uploaded with purpose 'supplierLogo' (the files
 * module makes it the spec's 256x256 PNG at quality 80), claimed when the supplier is saved.
 */

/** The logo to show: its uploaded file or its URL; '' when it has none. */
export function logoAddress(record: { eventId: string; logoFileId: string | null; logoUrl: string }): string {
  if (record.logoFileId) return fileUrl(record.eventId, record.logoFileId);
  return record.logoUrl;
}

/**
 * Makes an uploaded logo the supplier's own, then releases the one it replaces (in that order, so
 * a refused claim leaves the old logo untouched). A file that cannot be claimed (unknown, another
 * event's, another purpose's, another supplier's) is the spec's 'Failed to upload logo'.
 */
export async function syncLogo(
  tx: Tx,
  ctx: AppContext,
  eventId: string,
  supplierId: string,
  previousFileId: string | null,
  nextFileId: string | null,
): Promise<void> {
  if (previousFileId === nextFileId) return;
  if (nextFileId) {
    try {
      await claimFiles(tx, { eventId }, [nextFileId], LOGO_PURPOSE, supplierId);
    } catch (err) {
      if (err instanceof AppError && err.status === 400) throw badRequest(SUPPLIER_ERRORS.logoUpload);
      throw err;
    }
  }
  if (previousFileId) await releaseFileIds(tx, ctx, { eventId }, LOGO_PURPOSE, supplierId, [previousFileId]);
}

/** Spec: deleting a supplier removes its files (rows and stored bytes). */
export async function releaseLogo(
  tx: Tx,
  ctx: AppContext,
  eventId: string,
  supplierId: string,
): Promise<void> {
  await releaseFiles(tx, ctx, { eventId }, LOGO_PURPOSE, supplierId);
}

/** Supplier logos are read by any signed-in member of the event (the directory shows them to all). */
export function registerLogoAccess(): void {
  registerFileAccess(LOGO_PURPOSE, async (_db, viewer) => viewer !== null);
}
