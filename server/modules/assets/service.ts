import { and, count, desc, eq, ilike } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ASSET_ERRORS,
  type Asset,
  type AssetListResponse,
  type AssetType,
  assetCreateSchema,
  type assetListQuerySchema,
  assetUpdateSchema,
} from '../../../shared/assets/schema';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { containing } from '../../platform/db/search';
import { withTransaction } from '../../platform/db/transaction';
import { badRequest, notFound } from '../../platform/http/errors';
import { claimFiles, fileUrl, releaseFiles, variantUrls } from '../files/service';
import { files } from '../files/tables';
import { assets } from './tables';

const columns = {
  id: assets.id,
  eventId: assets.eventId,
  name: assets.name,
  altText: assets.altText,
  type: assets.type,
  createdAt: assets.createdAt,
  fileId: files.id,
  fileName: files.name,
  contentType: files.contentType,
  size: files.size,
  variants: files.variants,
};
type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };

function present(row: Row): Asset {
  return {
    id: row.id,
    name: row.name,
    altText: row.altText,
    type: row.type,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    url: fileUrl(row.eventId, row.fileId),
    data: row.variants ? variantUrls(row.eventId, row.fileId) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw badRequest(
    ASSET_ERRORS.invalid,
    parsed.error.issues.map((i) => ({
      path: i.path.map((p) => (typeof p === 'number' ? p : String(p))),
      message: i.message,
    })),
  );
}

/** Spec: assets newest first; searched by name; filtered by type (image or document). */
export async function listAssets(
  db: DbOrTx,
  eventId: string,
  query: z.output<typeof assetListQuerySchema>,
): Promise<AssetListResponse> {
  const where = and(
    eq(assets.eventId, eventId),
    query.search ? ilike(assets.name, containing(query.search)) : undefined,
    query.type ? eq(assets.type, query.type) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(columns)
      .from(assets)
      .innerJoin(files, eq(files.id, assets.fileId))
      .where(where)
      .orderBy(desc(assets.createdAt), desc(assets.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(assets).where(where),
  ]);
  return { items: rows.map(present), total, page: query.page, pageSize: query.pageSize };
}

async function findAsset(db: DbOrTx, eventId: string, assetId: string): Promise<Row> {
  const [row] = await db
    .select(columns)
    .from(assets)
    .innerJoin(files, eq(files.id, assets.fileId))
    .where(and(eq(assets.eventId, eventId), eq(assets.id, assetId)))
    .limit(1);
  if (!row) throw notFound(ASSET_ERRORS.notFound);
  return row;
}

export async function getAsset(db: DbOrTx, eventId: string, assetId: string): Promise<Asset> {
  return present(await findAsset(db, eventId, assetId));
}

/** Creates the asset and claims its uploaded file in one transaction; the type follows the file. */
export async function createAsset(
  ctx: AppContext,
  eventId: string,
  input: unknown,
  actor: string,
): Promise<Asset> {
  const body = parse(assetCreateSchema, input);
  const id = await withTransaction(ctx.db, async (tx) => {
    const assetId = crypto.randomUUID();
    const [file] = await claimFiles(tx, eventId, [body.fileId], 'asset', assetId);
    const type: AssetType = file.contentType.startsWith('image/') ? 'image' : 'document';
    await tx.insert(assets).values({
      id: assetId,
      eventId,
      name: body.name,
      altText: body.altText,
      type,
      fileId: file.id,
      createdBy: actor,
      updatedBy: actor,
    });
    return assetId;
  });
  return getAsset(ctx.db, eventId, id);
}

export async function updateAsset(
  db: DbOrTx,
  eventId: string,
  assetId: string,
  input: unknown,
  actor: string,
) {
  return withTransaction(db, async (db) => {
    const body = parse(assetUpdateSchema, input);
    const [updated] = await db
      .update(assets)
      .set({ ...body, updatedBy: actor, updatedAt: new Date() })
      .where(and(eq(assets.eventId, eventId), eq(assets.id, assetId)))
      .returning({ id: assets.id });
    if (!updated) throw notFound(ASSET_ERRORS.notFound);
    return getAsset(db, eventId, assetId);
  });
}

/** Deletes the asset, then its file and every stored size. */
export async function deleteAsset(ctx: AppContext, eventId: string, assetId: string): Promise<void> {
  await withTransaction(ctx.db, async (tx) => {
    const [removed] = await tx
      .delete(assets)
      .where(and(eq(assets.eventId, eventId), eq(assets.id, assetId)))
      .returning({ id: assets.id });
    if (!removed) throw notFound(ASSET_ERRORS.notFound);
    await releaseFiles(tx, ctx, eventId, 'asset', assetId);
  });
}
