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
