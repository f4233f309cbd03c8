import { z } from 'zod';
import { PERMISSIONS } from '../auth/permissions';
import { MEMBER_AREAS } from './memberAreas';
import { MEMBER_PERMISSIONS, STAND_SHARE_ROLES, TEAM_ROLES } from './teams';

/** Query of every paged list: 1-based page, a sortable column and a direction. */
export function listQuerySchema<const S extends readonly [string, ...string[]]>(
  sortable: S,
  defaultSort: S[number],
) {
  return z.strictObject({
    page: z.coerce.number().int().min(1).default(1),
    sort: z.enum(sortable).default(defaultSort),
    order: z.enum(['asc', 'desc']).default('asc'),
    search: z.string().trim().max(200).optional(),
  });
}

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export const USER_SORTS = ['firstName', 'surname', 'email', 'permissions', 'lastLoginInTime'] as const;

export const userListQuerySchema = listQuerySchema(USER_SORTS, 'firstName').extend({
  permissions: z.enum(PERMISSIONS).optional(),
  teamId: z.uuid().optional(),
  notLoggedIn: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

export const userRowSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  surname: z.string(),
  email: z.string(),
  permissions: z.enum(PERMISSIONS),
  hasLoggedIn: z.boolean(),
  lastLoginInTime: z.string().nullable(),
  teamId: z.uuid().nullable(),
  teamName: z.string().nullable(),
  teamRole: z.enum(TEAM_ROLES).nullable(),
});
export type UserRow = z.infer<typeof userRowSchema>;
export const userListResponseSchema = pagedSchema(userRowSchema);
export type UserListResponse = z.infer<typeof userListResponseSchema>;

// ---- Team types ----

const name = z.string().trim().min(1).max(200);
const personName = z.string().trim().min(1).max(100);

export const teamTypeBodySchema = z.strictObject({ name });
export type TeamTypeBody = z.input<typeof teamTypeBodySchema>;

export const teamTypeSchema = z.object({ id: z.uuid(), name: z.string(), teamsCount: z.number().int() });
export type TeamType = z.infer<typeof teamTypeSchema>;
export const teamTypeListResponseSchema = z.object({ items: z.array(teamTypeSchema) });
export type TeamTypeListResponse = z.infer<typeof teamTypeListResponseSchema>;

export const teamTypeParamsSchema = z.object({ eventId: z.uuid(), teamTypeId: z.uuid() });

// ---- Teams ----

export const TEAM_SORTS = [
  'name',
  'ownerName',
  'teamTypeName',
  'membersCount',
  'standShareRole',
  'lastLoginInTime',
] as const;

export const teamListQuerySchema = listQuerySchema(TEAM_SORTS, 'name').extend({
  teamTypeId: z.uuid().optional(),
  notLoggedIn: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  standShare: z.enum(STAND_SHARE_ROLES).optional(),
});
export type TeamListQuery = z.input<typeof teamListQuerySchema>;

export const teamRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  ownerId: z.uuid(),
  ownerName: z.string(),
  ownerEmail: z.string(),
  teamTypeId: z.uuid().nullable(),
  teamTypeName: z.string().nullable(),
  isOrganiser: z.boolean(),
  standShareRole: z.enum(STAND_SHARE_ROLES),
  parentTeamId: z.uuid().nullable(),
  membersCount: z.number().int(),
  lastLoginInTime: z.string().nullable(),
});
export type TeamRow = z.infer<typeof teamRowSchema>;
export const teamListResponseSchema = pagedSchema(teamRowSchema);
export type TeamListResponse = z.infer<typeof teamListResponseSchema>;

export const teamParamsSchema = z.object({ eventId: z.uuid(), teamId: z.uuid() });
export const teamMemberParamsSchema = z.object({ eventId: z.uuid(), teamId: z.uuid(), userId: z.uuid() });

const customFieldValues = z.record(z.string().max(100), z.union([z.string().max(2000), z.boolean()]));

export const personSchema = z.strictObject({
  firstName: personName,
  surname: personName,
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
});
export type PersonInput = z.input<typeof personSchema>;

/** createTeam: a team and its owner, who is found by email or created. */
export const createTeamBodySchema = z.strictObject({
  name,
  owner: personSchema,
  teamTypeId: z.uuid().nullable().default(null),
  isOrganiser: z.boolean().default(false),
  customFields: customFieldValues.default({}),
});
export type CreateTeamBody = z.input<typeof createTeamBodySchema>;

export const updateTeamBodySchema = z.strictObject({
  name: name.optional(),
  teamTypeId: z.uuid().nullable().optional(),
  isOrganiser: z.boolean().optional(),
  customFields: customFieldValues.optional(),
});
export type UpdateTeamBody = z.input<typeof updateTeamBodySchema>;

/** createTeamMember: an invited member gets permission User or Admin (spec). */
export const addTeamMemberBodySchema = personSchema.extend({
  permissions: z.enum(MEMBER_PERMISSIONS).default('user'),
});
export type AddTeamMemberBody = z.input<typeof addTeamMemberBodySchema>;

export const updateTeamMemberBodySchema = z.strictObject({
  firstName: personName.optional(),
  surname: personName.optional(),
  permissions: z.enum(MEMBER_PERMISSIONS).optional(),
  /** teamOwner hands the team over to this member; the previous owner becomes a member. */
  teamRole: z.literal('teamOwner').optional(),
});
export type UpdateTeamMemberBody = z.input<typeof updateTeamMemberBodySchema>;

export const teamMemberSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  surname: z.string(),
  email: z.string(),
  permissions: z.enum(PERMISSIONS),
  teamRole: z.enum(TEAM_ROLES),
  hasLoggedIn: z.boolean(),
  lastLoginInTime: z.string().nullable(),
  /** The areas this member opens (decision 0034): the chosen ones, or every area for an owner. */
  areas: z.array(z.enum(MEMBER_AREAS)),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

const teamLinkSchema = z.object({ id: z.uuid(), name: z.string() });

export const teamDetailSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  ownerId: z.uuid(),
  teamTypeId: z.uuid().nullable(),
  teamTypeName: z.string().nullable(),
  isOrganiser: z.boolean(),
  standShareRole: z.enum(STAND_SHARE_ROLES),
  customFields: z.record(z.string(), z.union([z.string(), z.boolean()])),
  /** The custom fields this viewer sees, in the custom order, with the team's value of each. */
  fields: z.array(
    z.object({
      id: z.uuid(),
      label: z.string(),
      type: z.enum(['text', 'boolean']),
      placeholder: z.string(),
      description: z.string(),
      isRequired: z.boolean(),
      value: z.union([z.string(), z.boolean()]).nullable(),
    }),
  ),
  parentTeam: teamLinkSchema.nullable(),
  childTeams: z.array(teamLinkSchema),
  members: z.array(teamMemberSchema),
  teamMemberLimit: z.number().int(),
  isFull: z.boolean(),
  can: z.object({
    edit: z.boolean(),
    delete: z.boolean(),
    addMember: z.boolean(),
    manageMembers: z.boolean(),
    addStandShare: z.boolean(),
  }),
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

export const createdTeamSchema = z.object({ id: z.uuid(), ownerId: z.uuid() });
export const createdMemberSchema = z.object({ id: z.uuid() });

export const myTeamResponseSchema = z.object({
  team: teamDetailSchema.nullable(),
  teamRole: z.enum(TEAM_ROLES).nullable(),
  supportEmail: z.string(),
});
export type MyTeamResponse = z.infer<typeof myTeamResponseSchema>;
