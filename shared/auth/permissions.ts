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

/*
 * The levels of the areas added since, each re-exported by its area's api.ts (the server reads them
 * there). They live here because the router reads them for every screen, and the api.ts files build
 * Zod schemas that would otherwise load before the first render (decision 0041).
 */
export const AUDIT_LEVEL = 'admin' satisfies Permission;
/** Spec: forms and confirmations moderator and above; field groups admin only. */
export const FORMS_LEVEL = 'moderator' satisfies Permission;
export const FIELD_GROUPS_LEVEL = 'admin' satisfies Permission;
export const API_TOKENS_LEVEL = 'admin' satisfies Permission;
export const WEBHOOKS_LEVEL = 'admin' satisfies Permission;
