import { z } from 'zod';
import { PERMISSIONS } from '../auth/permissions';

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
});
export type UserRow = z.infer<typeof userRowSchema>;
export const userListResponseSchema = pagedSchema(userRowSchema);
export type UserListResponse = z.infer<typeof userListResponseSchema>;
