import type {
  FeaturedResponse,
  NavigationResponse,
  SidebarEditorResponse,
} from '../../../../shared/portal/api';
import {
  CORE_PAGE_ERRORS,
  type CorePage,
  type CorePageBody,
  type CorePageId,
  isCorePageId,
  resolveCorePages,
} from '../../../../shared/portal/corePages';
import { FEATURED_ERRORS, featuredBodySchema } from '../../../../shared/portal/featured';
import {
  resolveSidebar,
  SIDEBAR_ERRORS,
  type Sidebar,
  sidebarSchema,
} from '../../../../shared/portal/sidebar';
import type { Db, DbOrTx } from '../../../platform/db/client';
import { withTransaction } from '../../../platform/db/transaction';
import type { EventScope, Scope } from '../../../platform/http/actor';
import { badRequest } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/guards';
import { pageImages } from '../../content/pageImages/queries';
import { readSettings } from '../../events/settingsStore';
import { existingContentIds, listContentOptions, viewerOf, visibleContent } from '../queries';
import { readPortalDoc, writePortalDoc } from '../service';

/** Sidebar, featured pages and core pages: settings documents an admin edits. */

export async function listCorePages(db: DbOrTx, scope: EventScope): Promise<CorePage[]> {
  const { eventId } = scope;
  const [doc, terminology] = await Promise.all([
    readPortalDoc(db, scope, 'corePages'),
    readSettings(db, eventId, 'terminology'),
  ]);
  const pages = resolveCorePages(doc, terminology);
  const images = await pageImages(
    db,
    eventId,
    pages.map((p) => p.assetId),
  );
  return pages.map((p) => ({ ...p, image: (p.assetId && images.get(p.assetId)) || null }));
}

export async function updateCorePage(
  db: Db,
  scope: Scope,
  id: CorePageId,
  body: CorePageBody,
): Promise<CorePage> {
  const { eventId } = scope;
  await withTransaction(db, async (tx) => {
    // The same rule as a content page's image: an image asset of this event (decision 0038).
    const assetId = body.assetId ?? null;
    if (assetId !== null && !(await pageImages(tx, eventId, [assetId])).has(assetId)) {
      throw badRequest(CORE_PAGE_ERRORS.invalid, [
        { path: ['assetId'], message: 'Choose an image of this event' },
      ]);
    }
    const doc = await readPortalDoc(tx, scope, 'corePages');
    await writePortalDoc(tx, scope, 'corePages', { ...doc, [id]: { ...body, assetId } });
  });
  const pages = await listCorePages(db, scope);
  return pages.find((p) => p.id === id) as CorePage;
}

/** Drops content pages that are gone or archived, so editors never show a dead entry. */
async function liveSidebar(db: DbOrTx, eventId: string): Promise<Sidebar> {
  const sidebar = await readPortalDoc(db, { eventId }, 'sidebar');
  const contentIds = sidebar.sections.flatMap((s) => s.itemIds).filter((id) => !isCorePageId(id));
  const live = await existingContentIds(db, { eventId }, contentIds);
  return {
    sections: sidebar.sections.map((s) => ({
      ...s,
      itemIds: s.itemIds.filter((id) => isCorePageId(id) || live.has(id)),
    })),
  };
}

export async function getSidebarEditor(db: DbOrTx, scope: EventScope): Promise<SidebarEditorResponse> {
  const { eventId } = scope;
  const [sidebar, corePages, contentPages] = await Promise.all([
    liveSidebar(db, eventId),
    listCorePages(db, scope),
    listContentOptions(db, scope),
  ]);
  return { sidebar, corePages, contentPages };
}

/** Saves the whole sidebar: order, headings, sections; every content page must be this event's. */
export async function saveSidebar(db: Db, scope: Scope, input: unknown) {
  const parsed = sidebarSchema.safeParse(input);
  if (!parsed.success) {
    throw badRequest(
      SIDEBAR_ERRORS.invalid,
      parsed.error.issues.map((i) => ({
        path: i.path.map((p) => (typeof p === 'number' ? p : String(p))),
        message: i.message,
      })),
    );
  }
  const sidebar = parsed.data;
  await withTransaction(db, async (tx) => {
    const contentIds = sidebar.sections.flatMap((s) => s.itemIds).filter((id) => !isCorePageId(id));
    const live = await existingContentIds(tx, scope, contentIds);
    const unknown = contentIds.filter((id) => !live.has(id));
    if (unknown.length > 0) {
      throw badRequest(SIDEBAR_ERRORS.invalid, [
        { path: ['sections'], message: 'Choose content pages of this event' },
      ]);
    }
    await writePortalDoc(tx, scope, 'sidebar', sidebar);
  });
  return getSidebarEditor(db, scope);
}

/** The caller's sidebar: only published core pages and content pages they may open. */
export async function getNavigation(db: DbOrTx, actor: Actor): Promise<NavigationResponse> {
  const viewer = await viewerOf(db, actor);
  const [sidebar, corePages, content] = await Promise.all([
    readPortalDoc(db, actor, 'sidebar'),
    listCorePages(db, actor),
    visibleContent(db, actor, viewer),
  ]);
  return {
    sections: resolveSidebar(sidebar, corePages, content),
    publishedCorePages: corePages.filter((p) => p.isPublished).map((p) => p.id),
    corePageImages: Object.fromEntries(
      corePages.filter((p) => p.isPublished && p.image).map((p) => [p.id, p.image]),
    ),
  };
}

export async function getFeatured(db: DbOrTx, scope: EventScope): Promise<FeaturedResponse> {
  const [doc, contentPages] = await Promise.all([
    readPortalDoc(db, scope, 'featured'),
    listContentOptions(db, scope),
  ]);
  const live = new Set(contentPages.map((p) => p.id));
  return { contentIds: doc.contentIds.filter((id) => live.has(id)), contentPages };
}

/** Spec: featured pages total exactly 0, 4 or 8, all of them this event's content pages. */
export async function saveFeatured(db: Db, scope: Scope, input: unknown) {
  const parsed = featuredBodySchema.safeParse(input);
  if (!parsed.success) {
    throw badRequest(
      FEATURED_ERRORS.invalid,
      parsed.error.issues.map((i) => ({
        path: i.path.map((p) => (typeof p === 'number' ? p : String(p))),
        message: i.message,
      })),
    );
  }
  const { contentIds } = parsed.data;
  await withTransaction(db, async (tx) => {
    const live = await existingContentIds(tx, scope, contentIds);
    if (contentIds.some((id) => !live.has(id))) {
      throw badRequest(FEATURED_ERRORS.invalid, [
        { path: ['contentIds'], message: 'Choose content pages of this event' },
      ]);
    }
    await writePortalDoc(tx, scope, 'featured', { contentIds });
  });
  return getFeatured(db, scope);
}
