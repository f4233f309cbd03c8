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
import type { EventScope, Scope } from '../../platform/http/actor';
import { badRequest, notFound } from '../../platform/http/errors';
import { claimFiles, releaseFiles } from '../files/service';
import { files } from '../files/tables';
import { type AssetRow, assetColumns, presentAsset } from './present';
import { assets } from './tables';

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
  scope: EventScope,
  query: z.output<typeof assetListQuerySchema>,
): Promise<AssetListResponse> {
  const { eventId } = scope;
  const where = and(
    eq(assets.eventId, eventId),
    query.search ? ilike(assets.name, containing(query.search)) : undefined,
    query.type ? eq(assets.type, query.type) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(assetColumns)
      .from(assets)
      .innerJoin(files, eq(files.id, assets.fileId))
      .where(where)
      .orderBy(desc(assets.createdAt), desc(assets.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(assets).where(where),
  ]);
  return { items: rows.map(presentAsset), total, page: query.page, pageSize: query.pageSize };
}

async function findAsset(db: DbOrTx, eventId: string, assetId: string): Promise<AssetRow> {
  const [row] = await db
    .select(assetColumns)
    .from(assets)
    .innerJoin(files, eq(files.id, assets.fileId))
    .where(and(eq(assets.eventId, eventId), eq(assets.id, assetId)))
    .limit(1);
  if (!row) throw notFound(ASSET_ERRORS.notFound);
  return row;
}

export async function getAsset(db: DbOrTx, scope: EventScope, assetId: string): Promise<Asset> {
  const { eventId } = scope;
  return presentAsset(await findAsset(db, eventId, assetId));
}

/** Creates the asset and claims its uploaded file in one transaction; the type follows the file. */
export async function createAsset(ctx: AppContext, scope: Scope, input: unknown): Promise<Asset> {
  const { eventId, accountId: actor } = scope;
  const body = parse(assetCreateSchema, input);
  const id = await withTransaction(ctx.db, async (tx) => {
    const assetId = crypto.randomUUID();
    const [file] = await claimFiles(tx, { eventId }, [body.fileId], 'asset', assetId);
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
  return getAsset(ctx.db, scope, id);
}

export async function updateAsset(db: DbOrTx, scope: Scope, assetId: string, input: unknown) {
  const { eventId, accountId: actor } = scope;
  return withTransaction(db, async (db) => {
    const body = parse(assetUpdateSchema, input);
    const [updated] = await db
      .update(assets)
      .set({ ...body, updatedBy: actor, updatedAt: new Date() })
      .where(and(eq(assets.eventId, eventId), eq(assets.id, assetId)))
      .returning({ id: assets.id });
    if (!updated) throw notFound(ASSET_ERRORS.notFound);
    return getAsset(db, scope, assetId);
  });
}

/** Deletes the asset, then its file and every stored size. */
export async function deleteAsset(ctx: AppContext, scope: EventScope, assetId: string): Promise<void> {
  const { eventId } = scope;
  await withTransaction(ctx.db, async (tx) => {
    const [removed] = await tx
      .delete(assets)
      .where(and(eq(assets.eventId, eventId), eq(assets.id, assetId)))
      .returning({ id: assets.id });
    if (!removed) throw notFound(ASSET_ERRORS.notFound);
    await releaseFiles(tx, ctx, { eventId }, 'asset', assetId);
  });
}
