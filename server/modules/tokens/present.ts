import type { ApiToken } from '../../../shared/tokens/api';
import type { apiTokens } from './tables';

/** A token row as the list reads it: the token and the name of the account that made it. */
export type ApiTokenRow = {
  token: typeof apiTokens.$inferSelect;
  creatorFirstName: string | null;
  creatorSurname: string | null;
};

/** A token row → the answer (shared/tokens/api): never its hash, the secret only at creation. */
export function presentApiToken({ token: row, creatorFirstName, creatorSurname }: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    hint: row.hint,
    createdBy:
      creatorFirstName === null
        ? null
        : {
            id: row.createdBy,
            name: `${creatorFirstName} ${creatorSurname ?? ''}`.trim(),
          },
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
