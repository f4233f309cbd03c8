import { and, eq, inArray } from 'drizzle-orm';
import type { ImageSize, ImageUrls, StoredFile } from '../../../shared/files/schemas';
import type { FilePurpose } from '../../../shared/files/types';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import type { EventScope } from '../../platform/http/actor';
import { badRequest } from '../../platform/http/errors';
import type { Actor } from '../../platform/http/guards';
import { files } from './tables';

/**
 * The files contract other modules use (decision 0010): claim uploads when their holder is saved,
 * release them when it is deleted, build read URLs, and say who may read files of their kind.
 */

export type FileRow = typeof files.$inferSelect;
/** The request's member context, or null for a guest. */
export type FileViewer = Actor | null;
export type FileAccessCheck = (db: DbOrTx, viewer: FileViewer, file: FileRow) => Promise<boolean>;

const accessChecks = new Map<FilePurpose, FileAccessCheck>();

/** Each module says who may read files of its kind; a kind nobody registered is never served. */
export function registerFileAccess(ownerKind: FilePurpose, check: FileAccessCheck): void {
  accessChecks.set(ownerKind, check);
}

export function fileAccessCheck(ownerKind: FilePurpose): FileAccessCheck | undefined {
  return accessChecks.get(ownerKind);
}

export function fileUrl(eventId: string, fileId: string, size?: ImageSize): string {
  return `/api/events/${eventId}/files/${fileId}${size ? `?size=${size}` : ''}`;
}

/** The four image URLs of a file that has variants (an SVG's all point at the one drawing). */
export function variantUrls(eventId: string, fileId: string): ImageUrls {
  return {
    large: fileUrl(eventId, fileId, 'large'),
    medium: fileUrl(eventId, fileId, 'medium'),
    small: fileUrl(eventId, fileId, 'small'),
    thumb: fileUrl(eventId, fileId, 'thumb'),
  };
}

export function presentFile(row: FileRow): StoredFile {
  return {
    id: row.id,
    name: row.name,
    contentType: row.contentType,
    size: row.size,
    url: fileUrl(row.eventId, row.id),
    ...(row.variants ? { variants: variantUrls(row.eventId, row.id) } : {}),
  };
}

export const CLAIM_ERROR = 'The uploaded file was not found. Upload it again';

/**
 * Gives uploaded files to their holder. Refuses (400, nothing changed) a file that is unknown, of
 * another event, uploaded for another purpose, or already held by another owner; claiming again for
 * the same owner is fine, so a holder can be saved twice.
 */
export async function claimFiles(
  tx: DbOrTx,
  scope: EventScope,
  fileIds: readonly string[],
  ownerKind: FilePurpose,
  ownerId: string,
): Promise<FileRow[]> {
  const { eventId } = scope;
  const ids = [...new Set(fileIds)];
  if (ids.length === 0) return [];
  const rows = await tx
    .select()
    .from(files)
    .where(and(eq(files.eventId, eventId), inArray(files.id, ids)))
    .for('update');
  const usable = rows.filter(
    (r) => r.ownerKind === ownerKind && (r.ownerId === null || r.ownerId === ownerId),
  );
  if (usable.length !== ids.length) throw badRequest(CLAIM_ERROR);
  const claimed = await tx
    .update(files)
    .set({ ownerId })
    .where(and(eq(files.eventId, eventId), inArray(files.id, ids)))
    .returning();
  const order = new Map(ids.map((id, i) => [id, i]));
  return claimed.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

/** Every storage key of a file: the original and its variants. */
export function storageKeysOf(row: Pick<FileRow, 'storageKey' | 'variants'>): string[] {
  return [...new Set([row.storageKey, ...Object.values(row.variants ?? {})])];
}

/**
 * Deletes a holder's files: rows in the caller's transaction, then the stored bytes. Bytes go
 * straight away (there is no after-commit hook); were the transaction to roll back, the rows
 * would remain and read as 404, which is the safe way round for a deletion.
 */
export async function releaseFiles(
  tx: DbOrTx,
  ctx: Pick<AppContext, 'storage' | 'logger'>,
  scope: EventScope,
  ownerKind: FilePurpose,
  ownerId: string,
): Promise<void> {
  const { eventId } = scope;
  const removed = await tx
    .delete(files)
    .where(and(eq(files.eventId, eventId), eq(files.ownerKind, ownerKind), eq(files.ownerId, ownerId)))
    .returning({ storageKey: files.storageKey, variants: files.variants });
  await removeStored(ctx, removed.flatMap(storageKeysOf));
}

/** Releases chosen files of a holder (a page dropping one PDF of several). */
export async function releaseFileIds(
  tx: DbOrTx,
  ctx: Pick<AppContext, 'storage' | 'logger'>,
  scope: EventScope,
  ownerKind: FilePurpose,
  ownerId: string,
  fileIds: readonly string[],
): Promise<void> {
  const { eventId } = scope;
  if (fileIds.length === 0) return;
  const removed = await tx
    .delete(files)
    .where(
      and(
        eq(files.eventId, eventId),
        eq(files.ownerKind, ownerKind),
        eq(files.ownerId, ownerId),
        inArray(files.id, [...fileIds]),
      ),
    )
    .returning({ storageKey: files.storageKey, variants: files.variants });
  await removeStored(ctx, removed.flatMap(storageKeysOf));
}

async function removeStored(ctx: Pick<AppContext, 'storage' | 'logger'>, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await ctx.storage.remove(keys);
  } catch (err) {
    // The rows are gone either way; leftover bytes are unreachable, so log rather than fail the change.
    ctx.logger.warn({ err, keys }, 'could not remove stored files');
  }
}

export async function findFile(db: DbOrTx, scope: EventScope, fileId: string): Promise<FileRow | null> {
  const { eventId } = scope;
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.eventId, eventId), eq(files.id, fileId)))
    .limit(1);
  return row ?? null;
}
