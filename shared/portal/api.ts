import { z } from 'zod';
import { pageImageSchema } from '../content/api';
import { CARD_TYPES } from './cardLayouts';
import { CORE_PAGE_IDS, corePageSchema, PORTAL_ICONS } from './corePages';
import { sidebarSchema } from './sidebar';

/** The HTTP contract of the portal's structure: sidebar, featured pages, core pages, dashboard. */

export const corePageParamsSchema = z.object({ eventId: z.uuid(), corePageId: z.enum(CORE_PAGE_IDS) });
export const corePageListResponseSchema = z.object({ items: z.array(corePageSchema) });

/** A content page as admin pickers list it (sidebar, featured pages, cards). */
export const contentOptionSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  icon: z.string(),
  isPublished: z.boolean(),
});
export type ContentOption = z.infer<typeof contentOptionSchema>;

/** What the sidebar editor needs: the stored sidebar and every page it may hold. */
export const sidebarEditorResponseSchema = z.object({
  sidebar: sidebarSchema,
  corePages: z.array(corePageSchema),
  contentPages: z.array(contentOptionSchema),
});
export type SidebarEditorResponse = z.infer<typeof sidebarEditorResponseSchema>;

export const featuredResponseSchema = z.object({
  contentIds: z.array(z.uuid()),
  contentPages: z.array(contentOptionSchema),
});
export type FeaturedResponse = z.infer<typeof featuredResponseSchema>;

const navigationItemSchema = z.object({
  id: z.string(),
  kind: z.enum(['core', 'content']),
  label: z.string(),
  path: z.string(),
  icon: z.enum(PORTAL_ICONS).nullable(),
  contentIcon: z.string().optional(),
  usesTerminology: z.boolean().optional(),
});

/** The viewer's sidebar and which core pages are published (unpublished ones have no route). */
export const navigationResponseSchema = z.object({
  sections: z.array(
    z.object({
      id: z.string(),
      heading: z.string(),
      index: z.number().int(),
      isCollapsable: z.boolean(),
      items: z.array(navigationItemSchema),
    }),
  ),
  publishedCorePages: z.array(z.enum(CORE_PAGE_IDS)),
  /** The page images of published core pages that have one, by core page id (shown at their top). */
  corePageImages: z.partialRecord(z.enum(CORE_PAGE_IDS), pageImageSchema).default({}),
});
export type NavigationResponse = z.infer<typeof navigationResponseSchema>;

export const dashboardHeaderBodySchema = z.strictObject({ fileId: z.uuid() });
export const dashboardHeaderResponseSchema = z.object({ image: z.string().nullable() });

/** `/`: the header image, the cards of the viewer's layout, and the featured pages. */
export const dashboardResponseSchema = z.object({
  headerImage: z.string().nullable(),
  layoutName: z.string(),
  cards: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      description: z.string(),
      icon: z.enum(PORTAL_ICONS),
      isMini: z.boolean(),
      type: z.enum(CARD_TYPES),
      pathId: z.string(),
      path: z.string(),
    }),
  ),
  featured: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      description: z.string(),
      icon: z.string(),
      path: z.string(),
      /** The page image's address (medium size), or null. */
      image: z.string().nullable().optional(),
    }),
  ),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
