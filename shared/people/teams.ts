/** Team vocabulary and rules shared by the server and the screens (spec: Team, roles and permissions). */
export const STAND_SHARE_ROLES = ['none', 'parent', 'child'] as const;
export type StandShareRole = (typeof STAND_SHARE_ROLES)[number];

export const STAND_SHARE_LABELS: Record<StandShareRole, string> = {
  none: 'None',
  parent: 'Parent',
  child: 'Stand share',
};

export const TEAM_ROLES = ['teamOwner', 'teamMember'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  teamOwner: 'Team Owner',
  teamMember: 'Team Member',
};

/** Permissions an invited member may be given (spec: "an invited member gets permission User or Admin"). */
export const MEMBER_PERMISSIONS = ['user', 'admin'] as const;
export type MemberPermission = (typeof MEMBER_PERMISSIONS)[number];

/** A team is full when its members reach the limit (spec: variables.teamMemberLimit). */
export function isTeamFull(memberCount: number, teamMemberLimit: number): boolean {
  return memberCount >= teamMemberLimit;
}

/** What adding a stand share does to both teams' roles: the parent stays a parent, the child is a child. */
export function standShareRoles(
  parentRole: StandShareRole,
): { parent: StandShareRole; child: StandShareRole } | null {
  // A child cannot take children of its own: stand shares are one level deep.
  if (parentRole === 'child') return null;
  return { parent: 'parent', child: 'child' };
}

/** After a child leaves, the parent keeps its role only while other children remain. */
export function parentRoleAfterChildLeaves(remainingChildren: number): StandShareRole {
  return remainingChildren > 0 ? 'parent' : 'none';
}

export const TEAM_ERRORS = {
  invalidTeam: 'Invalid team',
  invalidTeamType: 'Invalid team type',
  invalidTeamOwner: 'Invalid team owner',
  invalidUser: 'Invalid user',
  selfDelete: "Can't self delete",
  hasStandShares: "Can't delete a team with stand shares still in it",
  teamFull: 'This team is full',
  teamNotFound: 'Team not found',
  teamTypeNotFound: 'Team type not found',
  userNotFound: 'User not found',
  alreadyInTeam: 'This user is already in a team',
  noTeam: 'No team found for user with ID',
  ownerCannotLeave: 'The team owner cannot be removed from the team',
  childCannotHaveChildren: 'A stand share cannot have stand shares of its own',
  /** A creation that failed part-way: its transaction, and so the account it made, is rolled back. */
  createUserFailed: 'Failed to create user in the identity service',
} as const;
