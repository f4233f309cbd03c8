import { z } from 'zod';

/**
 * API tokens (issue 21, decision 0030): an admin makes a token for one event; it acts as that
 * admin, limited by its scope and to its event. The secret is shown once, when made.
 *
 * Routes (prefix /api/events/:eventId/api-tokens, admins, never callable with a token):
 *   GET    /                       ApiTokenList (newest first)
 *   POST   /                       ApiTokenBody -> 201 ApiTokenCreated (secret shown once)
 *   POST   /:tokenId/revoke        {} -> ApiToken
 */
export { API_TOKENS_LEVEL } from '../auth/permissions';

/** Every secret starts with this, so a leaked one is recognisable (and found by secret scanners). */
export const API_TOKEN_PREFIX = 'evp_';

export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: 'Read',
  write: 'Read and write',
};

export const API_TOKEN_ERRORS = {
  invalid: 'Invalid API token',
  notFound: 'API token not found',
  expiryInPast: 'Expiry must be in the future',
  cookieAndToken: 'Send either a session cookie or an API token, not both',
  accountRoute: 'API tokens cannot be used for this route',
  readOnly: 'This API token may only read',
} as const;

const MAX_EXPIRY_DAYS = 366 * 2;

export const apiTokenBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(100),
  scope: z.enum(API_TOKEN_SCOPES),
  /** The last day the token works (ISO date-time); at most two years ahead. */
  expiresAt: z.iso
    .datetime({ offset: true })
    .refine(
      (value) => new Date(value).getTime() <= Date.now() + MAX_EXPIRY_DAYS * 86_400_000,
      'Expiry must be within two years',
    ),
});
export type ApiTokenBody = z.output<typeof apiTokenBodySchema>;

export const apiTokenParamsSchema = z.object({ eventId: z.uuid(), tokenId: z.uuid() });

export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  /** The first characters of the secret (prefix included), to tell tokens apart. */
  hint: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiToken = z.output<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ items: z.array(apiTokenSchema) });
export type ApiTokenList = z.output<typeof apiTokenListSchema>;

export const apiTokenCreatedSchema = z.object({ token: apiTokenSchema, secret: z.string() });
export type ApiTokenCreated = z.output<typeof apiTokenCreatedSchema>;
