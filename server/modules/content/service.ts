import { and, asc, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ContentDetail,
  ContentListResponse,
  ContentSettings,
  contentListQuerySchema,
} from '../../../shared/content/api';
import { CONTENT_ERRORS } from '../../../shared/content/sections';
import { TABLE_PAGE_SIZE } from '../../../shared/ui/constants';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { idsNotInEvent } from '../../platform/db/ownership';
import { containing } from '../../platform/db/search';
import { withTransaction } from '../../platform/db/transaction';
import { badRequest, notFound } from '../../platform/http/errors';
import { noteChange } from '../audit/service';
import { teamTypes } from '../people/tables';
import { saveTeamTypeIds } from '../people/teamTypes/links/queries';
import { featuredIds, setFeatured, unlinkPage } from './featured/service';
import { releasePageFiles } from './files/service';
import { assertPageImage, pageImage } from './pageImages/queries';
import { presentDetail, presentRow } from './present';
import { contentPages, contentPageTeamTypes, contentPageWithTeamTypes, contentSections } from './tables';

/** The admin side of content pages: list, read, create, change settings, archive, delete. */

type ContentListQuery = z.output<typeof contentListQuerySchema>;
type Logger = { warn: (obj: object, msg: string) => void };

export async function listContent(
  db: DbOrTx,
  eventId: string,
  query: ContentListQuery,
): Promise<ContentListResponse> {
  const where: SQL[] = [
    eq(contentPages.eventId, eventId),
    eq(contentPages.isArchived, query.archived ?? false),
  ];
  if (query.search) where.push(ilike(contentPages.title, containing(query.search)));
  if (query.status) where.push(eq(contentPages.isPublished, query.status === 'published'));
  const direction = query.order === 'desc' ? desc : asc;
  const column = { title: contentPages.title, updatedAt: contentPages.updatedAt }[query.sort];
  const condition = and(...where);
  const [rows, [{ total }], featured] = await Promise.all([
    db
      .select(contentPageWithTeamTypes)
      .from(contentPages)
      .where(condition)
      .orderBy(direction(column), asc(contentPages.title), asc(contentPages.id))
      .limit(TABLE_PAGE_SIZE)
      .offset((query.page - 1) * TABLE_PAGE_SIZE),
    db.select({ total: count() }).from(contentPages).where(condition),
    featuredIds(db, eventId),
  ]);
  const counts = rows.length
    ? await db
        .select({ pageId: contentSections.pageId, n: count() })
        .from(contentSections)
        .where(
          and(
            eq(contentSections.eventId, eventId),
            inArray(
              contentSections.pageId,
              rows.map((r) => r.id),
            ),
          ),
        )
        .groupBy(contentSections.pageId)
    : [];
  const countOf = new Map(counts.map((c) => [c.pageId, c.n]));
  const featuredSet = new Set(featured);
  return {
    items: rows.map((row) => presentRow(row, countOf.get(row.id) ?? 0, featuredSet)),
    total,
    page: query.page,
    pageSize: TABLE_PAGE_SIZE,
  };
}

export async function findPage(db: DbOrTx, eventId: string, contentId: string) {
  const [page] = await db
    .select(contentPageWithTeamTypes)
    .from(contentPages)
    .where(and(eq(contentPages.eventId, eventId), eq(contentPages.id, contentId)));
  return page;
}

export async function requirePage(db: DbOrTx, eventId: string, contentId: string, forUpdate = false) {
  const query = db
    .select(contentPageWithTeamTypes)
    .from(contentPages)
    .where(and(eq(contentPages.eventId, eventId), eq(contentPages.id, contentId)));
  const [page] = forUpdate ? await query.for('update') : await query;
  if (!page) throw notFound(CONTENT_ERRORS.notFound);
  return page;
}

export function loadSections(db: DbOrTx, eventId: string, contentId: string) {
  return db
    .select()
    .from(contentSections)
    .where(and(eq(contentSections.eventId, eventId), eq(contentSections.pageId, contentId)))
    .orderBy(asc(contentSections.position));
}

export async function getContent(
  db: DbOrTx,
  eventId: string,
  contentId: string,
  log?: Logger,
): Promise<ContentDetail> {
  const [page, sections, featured] = await Promise.all([
    requirePage(db, eventId, contentId),
    loadSections(db, eventId, contentId),
    featuredIds(db, eventId),
  ]);
  return presentDetail(
    page,
    sections,
    new Set(featured),
    (bad) =>
      log?.warn({ sectionId: bad.id, pageId: contentId }, 'content section failed its check; left out'),
    await pageImage(db, eventId, page.assetId),
  );
}

/** Team types named on a page must be the event's own ('Invalid content data' otherwise). */
async function assertTeamTypes(db: DbOrTx, eventId: string, ids: string[]) {
  if ((await idsNotInEvent(db, teamTypes, eventId, ids)).length > 0) {
    throw badRequest(CONTENT_ERRORS.invalidContent, [
      { path: ['allowedTeamTypeIds'], message: 'Choose team types of this event' },
    ]);
  }
}

export async function createContent(ctx: AppContext, eventId: string, body: ContentSettings, by: string) {
  return withTransaction(ctx.db, async (db) => {
    await assertTeamTypes(db, eventId, body.allowedTeamTypeIds);
    await assertPageImage(db, eventId, body.assetId);
    const { isFeatured, allowedTeamTypeIds, ...values } = body;
    const [row] = await db
      .insert(contentPages)
      .values({ ...values, eventId, createdBy: by, updatedBy: by })
      .returning({ id: contentPages.id });
    await saveTeamTypeIds(db, contentPageTeamTypes, eventId, row.id, allowedTeamTypeIds);
    if (isFeatured) await setFeatured(db, eventId, row.id, true, by);
    return getContent(db, eventId, row.id);
  });
}

export async function updateContent(
  ctx: AppContext,
  eventId: string,
  contentId: string,
  body: ContentSettings,
  by: string,
) {
  return withTransaction(ctx.db, async (db) => {
    const page = await requirePage(db, eventId, contentId, true);
    await assertTeamTypes(db, eventId, body.allowedTeamTypeIds);
    await assertPageImage(db, eventId, body.assetId);
    const { isFeatured, allowedTeamTypeIds, ...values } = body;
    await db
      .update(contentPages)
      .set({ ...values, updatedBy: by, updatedAt: new Date() })
      .where(and(eq(contentPages.eventId, eventId), eq(contentPages.id, contentId)));
    await saveTeamTypeIds(db, contentPageTeamTypes, eventId, contentId, allowedTeamTypeIds);
    // An archived page stays off the featured list: it cannot be featured until unarchived.
    await setFeatured(db, eventId, contentId, isFeatured && !page.isArchived, by);
    const saved = await getContent(db, eventId, contentId);
    noteChange('content', contentId, page, {
      ...page,
      ...values,
      allowedTeamTypeIds: saved.allowedTeamTypeIds,
    });
    return saved;
  });
}

/** Spec: archiving content also removes it from featured pages and sidebar groups. */
export async function setContentArchived(
  ctx: AppContext,
  eventId: string,
  contentId: string,
  isArchived: boolean,
  by: string,
) {
  return withTransaction(ctx.db, async (db) => {
    await requirePage(db, eventId, contentId, true);
    await db
      .update(contentPages)
      .set({ isArchived, updatedBy: by, updatedAt: new Date() })
      .where(and(eq(contentPages.eventId, eventId), eq(contentPages.id, contentId)));
    if (isArchived) await unlinkPage(db, eventId, contentId, by);
    return getContent(db, eventId, contentId);
  });
}

/** Deleting a page deletes its sections (cascade) and every link to it from settings. */
export async function deleteContent(ctx: AppContext, eventId: string, contentId: string, by: string) {
  return withTransaction(ctx.db, async (db) => {
    await requirePage(db, eventId, contentId, true);
    await unlinkPage(db, eventId, contentId, by);
    await releasePageFiles(db, ctx, eventId, contentId);
    await db
      .delete(contentPages)
      .where(and(eq(contentPages.eventId, eventId), eq(contentPages.id, contentId)));
  });
}
