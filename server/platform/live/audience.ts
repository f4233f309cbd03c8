import { z } from 'zod';
import { can, PERMISSIONS, type Permission } from '../../../shared/auth/permissions';

/**
 * Who in an event receives a signal. A stream receives it when any part matches: everyone, its
 * account, its team, its team's type, or its level at or above `minLevel`. The parts are ids, not
 * rules, so a signal is checked against each open stream in memory, with no query per stream.
 */
export const liveAudienceSchema = z.object({
  everyone: z.boolean().optional(),
  accountIds: z.array(z.string()).optional(),
  teamIds: z.array(z.string()).optional(),
  teamTypeIds: z.array(z.string()).optional(),
  minLevel: z.enum(PERMISSIONS).optional(),
});
export type LiveAudience = z.infer<typeof liveAudienceSchema>;

/** What a stream knows of its member, read when it opens and again at every re-check. */
export interface LiveViewer {
  accountId: string;
  level: Permission;
  teamId: string | null;
  teamTypeId: string | null;
}

export function reaches(to: LiveAudience, viewer: LiveViewer): boolean {
  if (to.everyone) return true;
  if (to.accountIds?.includes(viewer.accountId)) return true;
  if (viewer.teamId !== null && to.teamIds?.includes(viewer.teamId)) return true;
  if (viewer.teamTypeId !== null && to.teamTypeIds?.includes(viewer.teamTypeId)) return true;
  return to.minLevel !== undefined && can(viewer.level, to.minLevel);
}
