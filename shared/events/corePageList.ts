// The core pages as the shell reads them on every signed-in screen, apart from the Zod schemas of
// events/schema.ts and portal/corePages.ts (which re-export them), so the shell loads no Zod
// (decision 0041).

/** Core pages of the spec; each screen area registers its route when it exists. */
export const CORE_PAGES = [
  { id: 'dashboard', path: '/', icon: 'dashboard', isPublished: true },
  { id: 'downloads', path: '/downloads', icon: 'download', isPublished: true },
  { id: 'forms', path: '/forms', icon: 'forms', isPublished: true },
  { id: 'suppliers', path: '/suppliers', icon: 'suppliers', isPublished: true },
  { id: 'tasks', path: '/tasks', icon: 'tasks', isPublished: true },
  { id: 'timeTable', path: '/time-table', icon: 'calendar', isPublished: false },
  { id: 'notifications', path: '/notifications', icon: 'bell', isPublished: true },
] as const;
export type CorePageId = (typeof CORE_PAGES)[number]['id'];

export const CORE_PAGE_IDS = CORE_PAGES.map((p) => p.id) as [CorePageId, ...CorePageId[]];

export function isCorePageId(id: string): id is CorePageId {
  return (CORE_PAGE_IDS as string[]).includes(id);
}
