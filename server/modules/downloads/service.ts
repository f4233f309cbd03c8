import { and, asc, count, desc, eq, ilike, inArray, notInArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { FILE_FILTER_TYPES, type FileFilter, GROUPED_FILE_TYPES } from '../../../shared/downloads/fileFilter';
import { fileTypeOf } from '../../../shared/downloads/fileSize';
import {
  DOWNLOAD_ERRORS,
  type Download,
  type DownloadListResponse,
  downloadBodySchema,
  type downloadListQuerySchema,
  type MyDownload,
} from '../../../shared/downloads/schema';
import { canSeeDownload } from '../../../shared/downloads/visibility';
import { TABLE_PAGE_SIZE } from '../../../shared/ui/constants';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { idsNotInEvent } from '../../platform/db/ownership';
import { containing } from '../../platform/db/search';
import { withTransaction } from '../../platform/db/transaction';
import { badRequest, notFound } from '../../platform/http/errors';
import type { Actor } from '../../platform/http/guards';
import { noteChange } from '../audit/service';
import { claimFiles, releaseFiles } from '../files/service';
import { teamTypes } from '../people/tables';
import { saveTeamTypeIds } from '../people/teamTypes/links/queries';
import { viewerOf } from '../portal/queries';
import { presentDownload, presentMyDownload } from './present';
import { downloadHideTeamTypes, downloadShowTeamTypes, downloads, downloadWithTeamTypes } from './tables';

/** A download with its two team type lists (downloadWithTeamTypes). */
type Row = typeof downloads.$inferSelect & { showToTeamTypeIds: string[]; hideFromTeamTypeIds: string[] };

const SORT_COLUMNS = {
  name: downloads.name,
  fileSize: downloads.fileSize,
  fileType: downloads.fileType,
  updatedAt: downloads.updatedAt,
} as const;

/** The admin list: sorted by name by default, searched by name or description, 100 a page. */
/** A download's fileType is its extension in capitals: a filter is the list of its group's. */
function fileTypeCondition(filter: FileFilter): SQL {
  return filter === 'other'
    ? notInArray(downloads.fileType, [...GROUPED_FILE_TYPES])
    : inArray(downloads.fileType, [...FILE_FILTER_TYPES[filter]]);
}

export async function listDownloads(
  db: DbOrTx,
  eventId: string,
  query: z.output<typeof downloadListQuerySchema>,
): Promise<DownloadListResponse> {
  const search = query.search ? containing(query.search) : null;
  const where = and(
    eq(downloads.eventId, eventId),
    search ? ilike(downloads.name, search) : undefined,
    query.fileFilter ? fileTypeCondition(query.fileFilter) : undefined,
  );
  const order = query.order === 'desc' ? desc : asc;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(downloadWithTeamTypes)
      .from(downloads)
      .where(where)
      .orderBy(order(SORT_COLUMNS[query.sort]), asc(downloads.id))
      .limit(TABLE_PAGE_SIZE)
      .offset((query.page - 1) * TABLE_PAGE_SIZE),
    db.select({ total: count() }).from(downloads).where(where),
  ]);
  return { items: rows.map(presentDownload), total, page: query.page, pageSize: TABLE_PAGE_SIZE };
}

async function findRow(db: DbOrTx, eventId: string, downloadId: string): Promise<Row> {
  const [row] = await db
    .select(downloadWithTeamTypes)
    .from(downloads)
    .where(and(eq(downloads.eventId, eventId), eq(downloads.id, downloadId)))
    .limit(1);
  if (!row) throw notFound(DOWNLOAD_ERRORS.notFound);
  return row;
}

export async function getDownload(db: DbOrTx, eventId: string, downloadId: string): Promise<Download> {
  return presentDownload(await findRow(db, eventId, downloadId));
}

function parseBody(input: unknown) {
  const parsed = downloadBodySchema.safeParse(input);
  if (!parsed.success) {
    throw badRequest(
      DOWNLOAD_ERRORS.invalidValues,
      parsed.error.issues.map((i) => ({
        path: i.path.map((p) => (typeof p === 'number' ? p : String(p))),
        message: i.message,
      })),
    );
  }
  return parsed.data;
}

async function checkTeamTypes(tx: DbOrTx, eventId: string, ids: string[]) {
  if ((await idsNotInEvent(tx, teamTypes, eventId, ids)).length > 0) {
    throw badRequest(DOWNLOAD_ERRORS.invalidValues, [
      { path: ['showToTeamTypeIds'], message: 'Invalid team type' },
    ]);
  }
}

/**
 * Claims the uploaded file for the download and reads its name, size and type (spec: a download
 * with one uploaded file gets its URL, size and type filled in).
 */
async function claimFile(tx: DbOrTx, eventId: string, fileId: string, downloadId: string) {
  const [file] = await claimFiles(tx, { eventId }, [fileId], 'download', downloadId);
  if (!file) throw badRequest(DOWNLOAD_ERRORS.invalidAfterUpload);
  return { fileId, fileName: file.name, fileSize: file.size, fileType: fileTypeOf(file.name) };
}

export async function createDownload(ctx: AppContext, eventId: string, input: unknown, actor: string) {
  const body = parseBody(input);
  const id = await withTransaction(ctx.db, async (tx) => {
    await checkTeamTypes(tx, eventId, [...body.showToTeamTypeIds, ...body.hideFromTeamTypeIds]);
    const downloadId = crypto.randomUUID();
    const file = await claimFile(tx, eventId, body.fileId, downloadId);
    const { showToTeamTypeIds, hideFromTeamTypeIds, ...values } = body;
    await tx.insert(downloads).values({
      ...values,
      ...file,
      id: downloadId,
      eventId,
      createdBy: actor,
      updatedBy: actor,
    });
    await saveTeamTypeIds(tx, downloadShowTeamTypes, eventId, downloadId, showToTeamTypeIds);
    await saveTeamTypeIds(tx, downloadHideTeamTypes, eventId, downloadId, hideFromTeamTypeIds);
    return downloadId;
  });
  return getDownload(ctx.db, eventId, id);
}

export async function updateDownload(
  ctx: AppContext,
  eventId: string,
  downloadId: string,
  input: unknown,
  actor: string,
) {
  const body = parseBody(input);
  await withTransaction(ctx.db, async (tx) => {
    const current = await findRow(tx, eventId, downloadId);
    await checkTeamTypes(tx, eventId, [...body.showToTeamTypeIds, ...body.hideFromTeamTypeIds]);
    let file = {
      fileId: current.fileId,
      fileName: current.fileName,
      fileSize: current.fileSize,
      fileType: current.fileType,
    };
    if (body.fileId !== current.fileId) {
      // A new file replaces the old one: the old bytes go, the new file is claimed.
      await releaseFiles(tx, ctx, { eventId }, 'download', downloadId);
      file = await claimFile(tx, eventId, body.fileId, downloadId);
    }
    const { showToTeamTypeIds, hideFromTeamTypeIds, ...values } = body;
    await tx
      .update(downloads)
      .set({ ...values, ...file, updatedBy: actor, updatedAt: new Date() })
      .where(and(eq(downloads.eventId, eventId), eq(downloads.id, downloadId)));
    await saveTeamTypeIds(tx, downloadShowTeamTypes, eventId, downloadId, showToTeamTypeIds);
    await saveTeamTypeIds(tx, downloadHideTeamTypes, eventId, downloadId, hideFromTeamTypeIds);
    noteChange('downloads', downloadId, current, { ...current, ...body, ...file });
  });
  return getDownload(ctx.db, eventId, downloadId);
}

export async function deleteDownload(ctx: AppContext, eventId: string, downloadId: string): Promise<void> {
  await withTransaction(ctx.db, async (tx) => {
    await findRow(tx, eventId, downloadId);
    await releaseFiles(tx, ctx, { eventId }, 'download', downloadId);
    await tx.delete(downloads).where(and(eq(downloads.eventId, eventId), eq(downloads.id, downloadId)));
  });
}

/** `/downloads`: what the caller's team type and stand-share role may see, by name. */
export async function listMyDownloads(db: DbOrTx, actor: Actor): Promise<{ items: MyDownload[] }> {
  const viewer = await viewerOf(db, actor);
  // Even moderators see on this screen what is shown: hidden ones live on the admin list.
  const rows = await db
    .select(downloadWithTeamTypes)
    .from(downloads)
    .where(and(eq(downloads.eventId, actor.eventId), eq(downloads.showDownload, true)))
    .orderBy(asc(downloads.name), asc(downloads.id));
  return {
    items: rows.filter((row) => canSeeDownload(row, viewer)).map(presentMyDownload),
  };
}

/** File access for owner kind 'download': the same rule as the list (guests never). */
export async function mayReadDownloadFile(
  db: DbOrTx,
  viewer: Pick<Actor, 'eventId' | 'accountId' | 'permissions'> | null,
  file: { eventId: string; id: string },
): Promise<boolean> {
  if (!viewer || viewer.eventId !== file.eventId) return false;
  const [row] = await db
    .select(downloadWithTeamTypes)
    .from(downloads)
    .where(and(eq(downloads.eventId, file.eventId), eq(downloads.fileId, file.id)))
    .limit(1);
  if (!row) return false;
  return canSeeDownload(row, await viewerOf(db, viewer));
}
