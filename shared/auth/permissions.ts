/** Permission levels of a membership, in ascending rank (spec: roles and permissions). */
export const PERMISSIONS = ['user', 'reportViewer', 'moderator', 'admin', 'staff'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PERMISSION_RANK: Record<Permission, number> = {
  user: 0,
  reportViewer: 1,
  moderator: 2,
  admin: 3,
  staff: 4,
};

export const PERMISSION_LABELS: Record<Permission, string> = {
  user: 'User',
  reportViewer: 'Report Viewer',
  moderator: 'Moderator',
  admin: 'Admin',
  staff: 'Platform Staff',
};

/** A level may do what a level gates when it is at or above it. */
export function can(level: Permission | undefined | null, required: Permission): boolean {
  if (!level) return false;
  return PERMISSION_RANK[level] >= PERMISSION_RANK[required];
}

/** Minimum levels of the areas the spec gates; one table so client and server agree. */
export const AREA_LEVELS = {
  adminHub: 'reportViewer',
  reports: 'reportViewer',
  users: 'moderator',
  teams: 'moderator',
  tasks: 'moderator',
  settings: 'admin',
  /** Spec, roles and permissions: "Admin only: ... team types, team import, ...". */
  teamImport: 'admin',
  /** Spec: moderator and above manage suppliers and supplier groups. */
  suppliers: 'moderator',
} as const satisfies Record<string, Permission>;
