import type { ContentDetail, ContentRow, ContentSection, PageImage } from '../../../shared/content/api';
import { storedSectionSchema } from '../../../shared/content/sections';
import type { contentPages, contentSections } from './tables';

/** A page with its team type list (contentPageWithTeamTypes). */
type PageRecord = typeof contentPages.$inferSelect & { allowedTeamTypeIds: string[] };
type SectionRecord = typeof contentSections.$inferSelect;

/** The address a file of a page is read from: signed in through the event, guests through theirs. */
export function contentFileUrl(eventId: string, fileId: string, guest: boolean): string {
  return guest ? `/api/guests/files/${fileId}` : `/api/events/${eventId}/files/${fileId}`;
}

export function presentRow(
  page: PageRecord,
  sectionsCount: number,
  featured: ReadonlySet<string>,
): ContentRow {
  return {
    id: page.id,
    title: page.title,
    description: page.description,
    icon: page.icon,
    isPublished: page.isPublished,
    isPublic: page.isPublic,
    isArchived: page.isArchived,
    isFeatured: featured.has(page.id),
    allowedTeamTypeIds: page.allowedTeamTypeIds,
    showToChildTeams: page.showToChildTeams,
    sectionsCount,
    updatedAt: page.updatedAt.toISOString(),
  };
}

/**
 * A stored section parsed by its shared schema; null (and logged by the caller) when the record
 * fails the check, so one bad record never breaks the page (spec: readers drop such records).
 */
export function presentSection(
  section: SectionRecord,
  fileUrl: (fileId: string) => string,
): ContentSection | null {
  const parsed = storedSectionSchema.safeParse({ type: section.type, data: section.data.value });
  if (!parsed.success) return null;
  const meta = { id: section.id, heading: section.heading, isPublished: section.isPublished };
  const stored = parsed.data;
  if (stored.type === 'pdf') {
    const files = stored.data.fileIds.map((id, index) => ({
      id,
      name: stored.data.fileIds.length > 1 ? `${stored.data.fileName} (${index + 1})` : stored.data.fileName,
      url: fileUrl(id),
    }));
    return { ...meta, type: 'pdf', data: { ...stored.data, files } };
  }
  return { ...meta, ...stored } as ContentSection;
}

export function presentDetail(
  page: PageRecord,
  sections: SectionRecord[],
  featured: ReadonlySet<string>,
  onBadSection: (section: SectionRecord) => void,
  image: PageImage | null = null,
): ContentDetail {
  const presented: ContentSection[] = [];
  for (const section of sections) {
    const shown = presentSection(section, (fileId) => contentFileUrl(page.eventId, fileId, false));
    if (shown) presented.push(shown);
    else onBadSection(section);
  }
  const { sectionsCount: _count, ...row } = presentRow(page, sections.length, featured);
  return { ...row, image, sections: presented };
}

/**
 * An image section stores the signed-in address of its asset; a guest reads the same file through
 * the guest route (the assets area lets guests read images used on public pages).
 */
export function guestImageSrc(src: string): string {
  const match = src.match(/^\/api\/events\/[0-9a-f-]{36}\/files\/([0-9a-f-]{36})(\?size=\w+)?$/);
  return match ? `/api/guests/files/${match[1]}${match[2] ?? ''}` : src;
}
