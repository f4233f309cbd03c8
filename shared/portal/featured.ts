import { z } from 'zod';

/** Spec: featured pages total exactly 0, 4 or 8. */
export const FEATURED_COUNTS = [0, 4, 8] as const;
export const FEATURED_ERRORS = {
  invalid: 'Invalid featured pages',
  count: 'Featured pages total exactly 0, 4 or 8',
} as const;

export function isValidFeaturedCount(count: number): boolean {
  return (FEATURED_COUNTS as readonly number[]).includes(count);
}

export const featuredBodySchema = z
  .strictObject({ contentIds: z.array(z.uuid()).max(8, FEATURED_ERRORS.count) })
  .refine((b) => new Set(b.contentIds).size === b.contentIds.length, {
    path: ['contentIds'],
    message: 'Each page once',
  })
  .refine((b) => isValidFeaturedCount(b.contentIds.length), {
    path: ['contentIds'],
    message: FEATURED_ERRORS.count,
  });
export type FeaturedBody = z.infer<typeof featuredBodySchema>;

/** What to do to reach an allowed count, or null when the count is allowed. */
export function featuredHint(count: number): string | null {
  if (isValidFeaturedCount(count)) return null;
  const next = FEATURED_COUNTS.find((c) => c > count);
  const previous = FEATURED_COUNTS.filter((c) => c < count).at(-1) ?? 0;
  const remove = `remove ${count - previous}`;
  return next === undefined
    ? `Featured pages total exactly 0, 4 or 8: ${remove}`
    : `Choose ${next - count} more or ${remove}`;
}

/**
 * The one featured-pages rule (issue 19): the event keeps one ordered featured list. The featured
 * pages screen saves exactly 0, 4 or 8 (spec); a page's "Featured page?" switch adds the page at the
 * end of the list or takes it out, one at a time, so the list may pass through other counts. The
 * dashboard therefore shows the list in full rows of four only: the largest allowed count the list
 * reaches, from its start (1-3 chosen show none, 4-7 show the first 4, 8 or more the first 8).
 */
export function shownFeaturedCount(listed: number): number {
  return FEATURED_COUNTS.filter((allowed) => allowed <= listed).at(-1) ?? 0;
}

/** The ids the dashboard shows, in order (before each viewer's own visibility is applied). */
export function shownFeatured<T>(contentIds: readonly T[]): T[] {
  return contentIds.slice(0, shownFeaturedCount(contentIds.length));
}

/** The rule in the words both screens show. */
export const FEATURED_RULE =
  'The dashboard shows featured pages in full rows of four: with 4 to 7 featured it shows the first 4, with 8 or more the first 8, and with fewer than 4 none.';
