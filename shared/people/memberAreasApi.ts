import { z } from 'zod';
import { MEMBER_AREAS } from './memberAreas';

// The member areas' request and answer schemas, apart from the rule (memberAreas.ts), which every
// signed-in screen reads: that file stays free of Zod (decision 0041).

/** A set of areas as stored and sent: each area at most once, in the spec's order. */
export const memberAreasSchema = z
  .array(z.enum(MEMBER_AREAS))
  .refine((areas) => new Set(areas).size === areas.length, 'Each area may be listed once')
  .transform((areas) => MEMBER_AREAS.filter((area) => areas.includes(area)));

export const memberAreasBodySchema = z.strictObject({ areas: memberAreasSchema });
export type MemberAreasBody = z.infer<typeof memberAreasBodySchema>;
export const memberAreasResponseSchema = z.object({ areas: z.array(z.enum(MEMBER_AREAS)) });
