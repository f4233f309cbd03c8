import { and, asc, eq } from 'drizzle-orm';
import type { PageImage, ReaderList, ReaderPage, ReaderSection } from '../../../../shared/content/api';
import { mapEmbedUrl } from '../../../../shared/content/embeds';
import { CONTENT_ERRORS, type Resource } from '../../../../shared/content/sections';
import {
  type ContentViewer,
  canGuestSeeContent,
  canSeeContent,
  readableSections,
  seesAllContent,
} from '../../../../shared/content/visibility';
import type { MyTasksResponse } from '../../../../shared/tasks/api';
import { TASK_STATUS_LABELS } from '../../../../shared/tasks/dueStatus';
import type { DbOrTx } from '../../../platform/db/client';
import { notFound } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/guards';
import { registerFileAccess } from '../../files/service';
import { memberships, teams } from '../../people/tables';
import { listMyTasks } from '../../tasks/myTasks/service';
import { CONTENT_PDF } from '../files/service';
import { pageImage } from '../pageImages/queries';
import { contentFileUrl, guestImageSrc, presentSection } from '../present';
import { resolveResources } from '../resources/queries';
import { loadSections } from '../service';
import { contentPages, contentPageWithTeamTypes } from '../tables';

/** The reader's side: the pages a member may see, one page as they see it, and guest pages. */

type Logger = { warn: (obj: object, msg: string) => void };
type PageRecord = typeof contentPages.$inferSelect;

export async function contentViewerOf(db: DbOrTx, actor: Actor): Promise<ContentViewer> {
  const [row] = await db
    .select({ teamTypeId: teams.teamTypeId, standShareRole: teams.standShareRole })
    .from(memberships)
    .innerJoin(teams, and(eq(teams.id, memberships.teamId), eq(teams.eventId, actor.eventId)))
    .where(and(eq(memberships.eventId, actor.eventId), eq(memberships.accountId, actor.accountId)))
    .limit(1);
  return {
    level: actor.permissions,
    teamTypeId: row?.teamTypeId ?? null,
    standShareRole: row?.standShareRole ?? 'none',
  };
}

/** /content: pages the member may see, by title. Archived pages live on the admin screen only. */
export async function listReadable(db: DbOrTx, actor: Actor): Promise<ReaderList> {
  const viewer = await contentViewerOf(db, actor);
  const rows = await db
    .select(contentPageWithTeamTypes)
    .from(contentPages)
    .where(and(eq(contentPages.eventId, actor.eventId), eq(contentPages.isArchived, false)))
    .orderBy(asc(contentPages.title), asc(contentPages.id));
  return {
    items: rows
      .filter((page) => canSeeContent(page, viewer))
      .map(({ id, title, description, icon }) => ({ id, title, description, icon })),
  };
}

interface ReadContext {
  db: DbOrTx;
  page: PageRecord;
  /** Null for a guest. */
  actor: Actor | null;
  viewer: ContentViewer | null;
  log?: Logger;
}

/** The page's published sections, each resolved for this viewer; sections with nothing to show go. */
async function readerSections(ctx: ReadContext): Promise<ReaderSection[]> {
  const { db, page, actor, viewer } = ctx;
  const guest = actor === null;
  const stored = readableSections(await loadSections(db, page.eventId, page.id));
  const presented = stored.flatMap((section) => {
    const shown = presentSection(section, (fileId) => contentFileUrl(page.eventId, fileId, guest));
    if (!shown)
      ctx.log?.warn({ sectionId: section.id, pageId: page.id }, 'content section failed its check; left out');
    return shown ? [shown] : [];
  });
  const resources = presented.flatMap((s) => (s.type === 'resources' ? (s.data as Resource[]) : []));
  const resolve = await resolveResources(db, page.eventId, resources, viewer);
  let myTasks: MyTasksResponse | undefined;

  const out: ReaderSection[] = [];
  for (const section of presented) {
    const { isPublished: _published, ...meta } = section;
    switch (meta.type) {
      case 'googleMaps': {
        const embedUrl = mapEmbedUrl(meta.data);
        if (embedUrl) out.push({ ...meta, embedUrl });
        break;
      }
      case 'taskList': {
        // Like /tasks: the group's tasks the viewer's team can see, with its statuses; guests and
        // members without a team have none, and a group with nothing to show hides its section.
        if (!actor) break;
        myTasks ??= await listMyTasks(db, actor);
        const group = myTasks.sections.find((s) => s.groupId === meta.data.id);
        if (!group || group.tasks.length === 0) break;
        out.push({
          ...meta,
          title: group.title,
          tasks: group.tasks.map((t) => ({
            id: t.id,
            title: t.title,
            dueDate: t.dueDate,
            status: t.status,
            statusLabel: TASK_STATUS_LABELS[t.status],
          })),
        });
        break;
      }
      case 'resources': {
        const links = meta.data.map(resolve).filter((r) => r !== null);
        if (links.length > 0) out.push({ ...meta, data: links });
        break;
      }
      case 'image':
        out.push(guest ? { ...meta, data: { ...meta.data, src: guestImageSrc(meta.data.src) } } : meta);
        break;
      default:
        out.push(meta);
    }
  }
  return out;
}

function presentPage(page: PageRecord, sections: ReaderSection[], image: PageImage | null): ReaderPage {
  return {
    id: page.id,
    title: page.title,
    description: page.description,
    icon: page.icon,
    isPublic: page.isPublic,
    image,
    sections,
  };
}

/** /content/:contentId — a page the member may not see answers as missing, so it is not revealed. */
export async function readPage(
  db: DbOrTx,
  actor: Actor,
  contentId: string,
  log?: Logger,
): Promise<ReaderPage> {
  const [page, viewer] = await Promise.all([
    db
      .select(contentPageWithTeamTypes)
      .from(contentPages)
      .where(and(eq(contentPages.eventId, actor.eventId), eq(contentPages.id, contentId)))
      .then((rows) => rows[0]),
    contentViewerOf(db, actor),
  ]);
  if (!page || !canSeeContent(page, viewer)) throw notFound(CONTENT_ERRORS.notFound);
  // Moderators may open an archived page by its link (to check it); the list never offers one.
  if (page.isArchived && !seesAllContent(viewer)) throw notFound(CONTENT_ERRORS.notFound);
  const [sections, image] = await Promise.all([
    readerSections({ db, page, actor, viewer, log }),
    pageImage(db, page.eventId, page.assetId),
  ]);
  return presentPage(page, sections, image);
}

/** /guests/content/:contentId — public pages for anyone with the link; nothing for the rest. */
export async function readGuestPage(db: DbOrTx, contentId: string, log?: Logger): Promise<ReaderPage> {
  const [page] = await db
    .select(contentPageWithTeamTypes)
    .from(contentPages)
    .where(eq(contentPages.id, contentId));
  if (!page || !canGuestSeeContent(page)) throw notFound(CONTENT_ERRORS.notFound);
  const [sections, image] = await Promise.all([
    readerSections({ db, page, actor: null, viewer: null, log }),
    pageImage(db, page.eventId, page.assetId),
  ]);
  // A guest reads the image through the guest route: the assets area lets guests read an asset that
  // is the image of a public page (server/modules/assets/policy.ts).
  return presentPage(page, sections, image && { ...image, src: guestImageSrc(image.src) });
}

/** For file access: may this viewer (null for a guest) read the page that owns a file? */
export async function canReadPageFiles(
  db: DbOrTx,
  eventId: string,
  contentId: string,
  actor: Actor | null,
): Promise<boolean> {
  const [page] = await db
    .select(contentPageWithTeamTypes)
    .from(contentPages)
    .where(and(eq(contentPages.eventId, eventId), eq(contentPages.id, contentId)));
  if (!page) return false;
  if (!actor) return canGuestSeeContent(page);
  return canSeeContent(page, await contentViewerOf(db, actor));
}

/** A page's PDFs are served to whoever may read the page (guests: public pages). */
export function registerContentFileAccess(): void {
  registerFileAccess(CONTENT_PDF, async (db, viewer, file) =>
    file.ownerId ? canReadPageFiles(db, file.eventId, file.ownerId, viewer) : false,
  );
}
