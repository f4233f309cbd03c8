import { z } from 'zod';
import { PERMISSION_RANK, PERMISSIONS, type Permission } from '../auth/permissions';

/** Managing an event's users (spec: User, roles and permissions, deleteUser, sendWelcomeChaser). */

export const userParamsSchema = z.object({ eventId: z.uuid(), userId: z.uuid() });

export const changePermissionBodySchema = z.strictObject({ permissions: z.enum(PERMISSIONS) });
export type ChangePermissionBody = z.input<typeof changePermissionBodySchema>;

/** deleteUser: the chosen user who takes over the deleted user's team ownership, tasks and submissions. */
export const deleteUserQuerySchema = z.strictObject({ transferToId: z.uuid() });

export const USER_ERRORS = {
  invalidUser: 'Invalid user',
  userNotFound: 'User not found',
  userIdNotValid: 'User ID is not valid',
  selfDelete: "Can't self delete",
  ownPermission: "You can't change your own permission",
  alreadySignedIn: 'This user has already signed in',
} as const;

/**
 * Who may change a level, wherever it is changed (the users list, a team's member): only admins
 * and above change levels at all; never to a level above their own, and never for someone who
 * already stands above them (an admin cannot demote platform staff). Nobody changes their own.
 */
export function canSetPermission(actor: Permission, current: Permission, next: Permission): boolean {
  const mine = PERMISSION_RANK[actor];
  return mine >= PERMISSION_RANK.admin && PERMISSION_RANK[next] <= mine && PERMISSION_RANK[current] <= mine;
}

/** The levels an actor may hand out, in ascending rank (the options of the permission picker). */
export function grantablePermissions(actor: Permission): Permission[] {
  return PERMISSIONS.filter((p) => PERMISSION_RANK[p] <= PERMISSION_RANK[actor]);
}

/** Only someone at or below the actor's level may be deleted. */
export function canDeleteUser(actor: Permission, target: Permission): boolean {
  return PERMISSION_RANK[target] <= PERMISSION_RANK[actor];
}

// ---- Bulk delete of teams ----

export const bulkDeleteTeamsBodySchema = z.strictObject({
  teamIds: z.array(z.uuid()).min(1).max(100),
});
export type BulkDeleteTeamsBody = z.input<typeof bulkDeleteTeamsBodySchema>;

export const bulkDeleteTeamsResponseSchema = z.object({
  deleted: z.array(z.uuid()),
  /** Teams that stayed, each with the spec's reason ("Can't self delete", stand shares still in it). */
  failed: z.array(z.object({ teamId: z.uuid(), name: z.string().nullable(), message: z.string() })),
});
export type BulkDeleteTeamsResponse = z.infer<typeof bulkDeleteTeamsResponseSchema>;
