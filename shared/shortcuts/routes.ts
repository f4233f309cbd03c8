import { type Answer, route } from '../http/route';
import type { shortcutCountsSchema } from './api';

/** The shortcuts' route (decision 0067): one manage area's counts; types only, no Zod. */
export const SHORTCUT_ROUTES = {
  counts: route('GET', '/api/events/:eventId/shortcut-counts/:area').answer<
    Answer<typeof shortcutCountsSchema>
  >(),
} as const;
