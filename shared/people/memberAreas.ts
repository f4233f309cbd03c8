import { can, type Permission } from '../auth/permissions';
import type { TeamRole } from './teams';

/**
 * The permission areas a team owner (or an organiser) may open or close for each team member
 * (spec, roles and permissions). What each one covers is recorded in decision 0034.
 */
export const MEMBER_AREAS = [
  'content',
  'downloads',
  'myAccount',
  'changePassword',
  'suppliers',
  'tasks',
  'team',
  'notifications',
] as const;
export type MemberArea = (typeof MEMBER_AREAS)[number];

export const MEMBER_AREA_LABELS: Record<MemberArea, string> = {
  content: 'Content',
  downloads: 'Downloads',
  myAccount: 'My Account',
  changePassword: 'Change Password',
  suppliers: 'Suppliers',
  tasks: 'Tasks',
  team: 'Team',
  notifications: 'Notifications',
};

export const MEMBER_AREA_ERRORS = {
  /** Answered (403) when a member asks for an area closed to them. */
  closed: 'You do not have access to this area',
  ownerAlwaysOpen: 'A team owner always opens every area',
} as const;

/** What the rule needs to know about someone's place in an event. */
export type AreaHolder = {
  permissions: Permission;
  teamRole: TeamRole | null;
  /** The areas chosen for them; null means never chosen, which is every area (the default). */
  memberAreas: readonly MemberArea[] | null;
};

/**
 * The one rule: only a team member's own areas can be closed. Moderators and above manage the
 * areas themselves, a team owner chooses for the team (closing their own areas would lock them out
 * of choosing), and someone with no team has nobody to choose for them; all of those open every area.
 */
export function mayOpenArea(holder: AreaHolder, area: MemberArea): boolean {
  if (can(holder.permissions, 'moderator')) return true;
  if (holder.teamRole !== 'teamMember') return true;
  return holder.memberAreas === null || holder.memberAreas.includes(area);
}

/** Every area the holder may open, in the spec's order (what the sidebar and the cards follow). */
export function openAreas(holder: AreaHolder): MemberArea[] {
  return MEMBER_AREAS.filter((area) => mayOpenArea(holder, area));
}

/** The signed-in screens each area opens (decision 0034); changePassword is a part of /my-account. */
const AREA_PATHS: readonly (readonly [string, MemberArea])[] = [
  ['/content', 'content'],
  ['/downloads', 'downloads'],
  ['/my-account', 'myAccount'],
  ['/suppliers', 'suppliers'],
  ['/tasks', 'tasks'],
  ['/my-team', 'team'],
  ['/notifications', 'notifications'],
];

/** The area a signed-in path belongs to, or null for a path no area closes (dashboard, forms, ...). */
export function areaOfPath(pathname: string): MemberArea | null {
  const match = AREA_PATHS.find(([path]) => pathname === path || pathname.startsWith(`${path}/`));
  return match?.[1] ?? null;
}

/** True when a link to this path may be shown to someone with these open areas. */
export function pathIsOpen(pathname: string, areas: readonly MemberArea[]): boolean {
  const area = areaOfPath(pathname);
  return area === null || areas.includes(area);
}
