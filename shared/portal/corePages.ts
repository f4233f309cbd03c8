import { z } from 'zod';
import { pageImageSchema } from '../content/api';
import { CORE_PAGE_IDS, CORE_PAGES, type CorePageId } from '../events/corePageList';
import type { Settings } from '../events/settings';

/**
 * Core pages (spec: dashboard, downloads, forms, suppliers, tasks, timeTable, notifications, each
 * with title, icon and isPublished; all published by default except the time table). Stored as one
 * settings document per event ('corePages'); a page never edited takes the defaults below. An empty
 * title means "use the terminology label", so renaming an area in /admin/variables still renames it.
 */
export { CORE_PAGE_IDS, type CorePageId, isCorePageId } from '../events/corePageList';

/** Icon names offered for core pages and cards; the client maps each to a drawn icon. */
export const PORTAL_ICONS = [
  'dashboard',
  'download',
  'forms',
  'suppliers',
  'tasks',
  'calendar',
  'bell',
  'info',
  'star',
  'map',
  'users',
  'file',
  'link',
  'help',
] as const;
export type PortalIcon = (typeof PORTAL_ICONS)[number];
const DEFAULT_ICONS: Record<CorePageId, PortalIcon> = {
  dashboard: 'dashboard',
  downloads: 'download',
  forms: 'forms',
  suppliers: 'suppliers',
  tasks: 'tasks',
  timeTable: 'calendar',
  notifications: 'bell',
};

const pageSettings = (id: CorePageId) =>
  z
    .object({
      title: z.string().default(''),
      icon: z.enum(PORTAL_ICONS).catch(DEFAULT_ICONS[id]).default(DEFAULT_ICONS[id]),
      isPublished: z.boolean().default(CORE_PAGES.find((p) => p.id === id)?.isPublished ?? true),
      /** Spec: a core page's assetId, its page image (an image asset of the event), or none. */
      assetId: z.uuid().nullable().catch(null).default(null),
    })
    .prefault({});

export const corePagesDocSchema = z.object(
  Object.fromEntries(CORE_PAGE_IDS.map((id) => [id, pageSettings(id)])) as {
    [K in CorePageId]: ReturnType<typeof pageSettings>;
  },
);
export type CorePagesDoc = z.infer<typeof corePagesDocSchema>;

export const CORE_PAGE_ERRORS = { invalid: 'Invalid core page' } as const;

export const corePageBodySchema = z.strictObject({
  title: z.string().trim().max(60, 'At most 60 characters'),
  icon: z.enum(PORTAL_ICONS, { message: 'Choose an icon from the list' }),
  isPublished: z.boolean(),
  /** The page image: an image asset of this event, or null for none (left out: none). */
  assetId: z.uuid().nullable().default(null),
});
export type CorePageBody = z.input<typeof corePageBodySchema>;

export const corePageSchema = z.object({
  id: z.enum(CORE_PAGE_IDS),
  path: z.string(),
  /** What menus show: the custom title, else the terminology label. */
  title: z.string(),
  customTitle: z.string(),
  icon: z.enum(PORTAL_ICONS),
  isPublished: z.boolean(),
  assetId: z.uuid().nullable(),
  /** The page image's address, built by the server from the asset (null when none or deleted). */
  image: pageImageSchema.nullable(),
});
export type CorePage = z.infer<typeof corePageSchema>;

export function resolveCorePages(doc: CorePagesDoc, terminology: Settings<'terminology'>): CorePage[] {
  return CORE_PAGES.map((page) => {
    const stored = doc[page.id];
    return {
      id: page.id,
      path: page.path,
      title: stored.title || terminology[page.id],
      customTitle: stored.title,
      icon: stored.icon,
      isPublished: stored.isPublished,
      assetId: stored.assetId,
      // Filled by the server from the asset; a resolved page alone has no address for it.
      image: null,
    };
  });
}
