import { z } from 'zod';
import { CORE_PAGE_IDS, type CorePage, type CorePageId, isCorePageId, type PortalIcon } from './corePages';

/**
 * The sidebar (spec: sections with heading, itemIds, index, isCollapsable). Stored as one settings
 * document per event ('sidebar'); a section's index is its place in the list. An item id is a core
 * page id ('tasks') or a content page id (a UUID), so one list holds both kinds.
 */
export const SIDEBAR_ERRORS = { invalid: 'Invalid sidebar' } as const;
export const MAX_SIDEBAR_SECTIONS = 30;

export const sidebarItemIdSchema = z.union([z.enum(CORE_PAGE_IDS), z.uuid()], {
  message: 'Choose a core page or a content page',
});

export const sidebarSectionSchema = z.object({
  id: z.uuid(),
  heading: z.string().trim().max(60, 'At most 60 characters'),
  itemIds: z.array(sidebarItemIdSchema).max(100),
  isCollapsable: z.boolean().default(false),
});
export type SidebarSection = z.infer<typeof sidebarSectionSchema>;

export const sidebarSchema = z
  .object({ sections: z.array(sidebarSectionSchema).max(MAX_SIDEBAR_SECTIONS) })
  .superRefine((doc, ctx) => {
    const sectionIds = new Set<string>();
    const itemIds = new Set<string>();
    doc.sections.forEach((section, s) => {
      if (sectionIds.has(section.id)) {
        ctx.addIssue({ code: 'custom', path: ['sections', s, 'id'], message: 'Each section once' });
      }
      sectionIds.add(section.id);
      section.itemIds.forEach((id, i) => {
        if (itemIds.has(id)) {
          ctx.addIssue({
            code: 'custom',
            path: ['sections', s, 'itemIds', i],
            message: 'A page can be in one section only',
          });
        }
        itemIds.add(id);
      });
    });
  });
export type Sidebar = z.infer<typeof sidebarSchema>;

/** A new event's sidebar: one section holding every core page in the spec's order. */
export const DEFAULT_SIDEBAR_SECTION_ID = '00000000-0000-4000-8000-000000000001';
export function defaultSidebar(): Sidebar {
  return {
    sections: [
      { id: DEFAULT_SIDEBAR_SECTION_ID, heading: 'Menu', itemIds: [...CORE_PAGE_IDS], isCollapsable: false },
    ],
  };
}

/** Content pages as the sidebar and dashboard know them: only those the viewer may open. */
export interface ContentLink {
  id: string;
  title: string;
  icon: string;
}

export interface NavigationItem {
  id: string;
  kind: 'core' | 'content';
  label: string;
  path: string;
  icon: PortalIcon | null;
  /** Content pages carry their own (Material) icon name. */
  contentIcon?: string;
  /** A core page without its own title: its label is the terminology label, which may change. */
  usesTerminology?: boolean;
}

export interface NavigationSection {
  id: string;
  heading: string;
  index: number;
  isCollapsable: boolean;
  items: NavigationItem[];
}

/** One item as a viewer sees it, or null when it is unpublished, gone or not theirs to see. */
export function navigationItem(
  id: string,
  corePages: ReadonlyMap<CorePageId, CorePage>,
  content: ReadonlyMap<string, ContentLink>,
): NavigationItem | null {
  if (isCorePageId(id)) {
    const page = corePages.get(id);
    if (!page?.isPublished) return null;
    return {
      id,
      kind: 'core',
      label: page.title,
      path: page.path,
      icon: page.icon,
      usesTerminology: !page.customTitle,
    };
  }
  const page = content.get(id);
  if (!page) return null;
  return {
    id,
    kind: 'content',
    label: page.title,
    path: `/content/${id}`,
    icon: null,
    contentIcon: page.icon,
  };
}

/** The viewer's sidebar: hidden items dropped, and sections left empty by that dropped too. */
export function resolveSidebar(
  sidebar: Sidebar,
  corePages: readonly CorePage[],
  visibleContent: readonly ContentLink[],
): NavigationSection[] {
  const core = new Map(corePages.map((p) => [p.id, p]));
  const content = new Map(visibleContent.map((p) => [p.id, p]));
  return sidebar.sections
    .map((section, index) => ({
      id: section.id,
      heading: section.heading,
      index,
      isCollapsable: section.isCollapsable,
      items: section.itemIds
        .map((id) => navigationItem(id, core, content))
        .filter((item): item is NavigationItem => item !== null),
    }))
    .filter((section) => section.items.length > 0);
}

/** Drops content ids that no longer exist (deleted or archived pages) from every section. */
export function withoutContent(sidebar: Sidebar, keep: (contentId: string) => boolean): Sidebar {
  return {
    sections: sidebar.sections.map((section) => ({
      ...section,
      itemIds: section.itemIds.filter((id) => isCorePageId(id) || keep(id)),
    })),
  };
}
