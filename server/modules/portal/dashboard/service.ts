import type { DashboardResponse } from '../../../../shared/portal/api';
import { layoutForTeamType } from '../../../../shared/portal/cardLayouts';
import { isCorePageId } from '../../../../shared/portal/corePages';
import { shownFeatured } from '../../../../shared/portal/featured';
import type { AppContext } from '../../../platform/context';
import type { Db } from '../../../platform/db/client';
import { withTransaction } from '../../../platform/db/transaction';
import type { EventScope, Scope } from '../../../platform/http/actor';
import { badRequest } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/guards';
import { pageImages } from '../../content/pageImages/queries';
import { claimFiles, fileUrl, releaseFiles } from '../../files/service';
import { listLayoutsEnsured } from '../layouts/service';
import { viewerOf, visibleContent } from '../queries';
import { readPortalDoc, writePortalDoc } from '../service';
import { listCorePages } from '../structure/service';

/** `/`: the header image, the cards of the viewer's layout and the featured pages they may open. */
export async function getDashboard(db: Db, actor: Actor): Promise<DashboardResponse> {
  const viewer = await viewerOf(db, actor);
  const [header, featured, layouts, corePages, content] = await Promise.all([
    readPortalDoc(db, actor, 'dashboardHeader'),
    readPortalDoc(db, actor, 'featured'),
    listLayoutsEnsured(db, actor),
    listCorePages(db, actor),
    visibleContent(db, actor, viewer),
  ]);
  const layout = layoutForTeamType(layouts, viewer.teamTypeId);
  // The featured cards show their page's image (medium size: a card is at most a quarter row).
  const images = await pageImages(
    db,
    actor.eventId,
    featured.contentIds.map((id) => content.find((p) => p.id === id)?.assetId ?? null),
    'medium',
  );
  const published = new Map(corePages.filter((p) => p.isPublished).map((p) => [p.id, p]));
  const pages = new Map(content.map((p) => [p.id, p]));
  // A card whose page the viewer may not open (unpublished, restricted, archived) is left out.
  const cards = (layout?.cards ?? []).flatMap((card) => {
    const path = isCorePageId(card.pathId)
      ? published.get(card.pathId)?.path
      : pages.has(card.pathId)
        ? `/content/${card.pathId}`
        : undefined;
    return path ? [{ ...card, path }] : [];
  });
  return {
    headerImage: header.fileId ? fileUrl(actor.eventId, header.fileId, 'large') : null,
    layoutName: layout?.name ?? '',
    cards,
    // The one featured rule: full rows of four from the start of the list (shared/portal/featured.ts).
    featured: shownFeatured(featured.contentIds).flatMap((id) => {
      const page = pages.get(id);
      if (!page) return [];
      const { assetId, ...shown } = page;
      return [{ ...shown, path: `/content/${id}`, image: images.get(assetId ?? '')?.src ?? null }];
    }),
  };
}

export async function getDashboardHeader(db: Db, scope: EventScope) {
  const { eventId } = scope;
  const doc = await readPortalDoc(db, scope, 'dashboardHeader');
  return { image: doc.fileId ? fileUrl(eventId, doc.fileId, 'large') : null };
}

/**
 * Sets or removes the header image. Each image is a 'branding' file claimed with its own id as
 * owner, so releasing the old one can never touch the event's other branding files.
 */
export async function setDashboardHeader(ctx: AppContext, scope: Scope, fileId: string | null) {
  const { eventId } = scope;
  await withTransaction(ctx.db, async (tx) => {
    const current = await readPortalDoc(tx, scope, 'dashboardHeader');
    if (current.fileId === fileId) return;
    if (current.fileId) await releaseFiles(tx, ctx, { eventId }, 'branding', current.fileId);
    if (fileId) {
      const [file] = await claimFiles(tx, { eventId }, [fileId], 'branding', fileId);
      if (file && !file.contentType.startsWith('image/'))
        throw badRequest('Image upload needs an image file type');
    }
    await writePortalDoc(tx, scope, 'dashboardHeader', { fileId });
  });
  return getDashboardHeader(ctx.db, scope);
}
