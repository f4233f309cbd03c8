import { and, desc, eq, sql } from 'drizzle-orm';
import {
  API_TOKEN_ERRORS,
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenBody,
  type ApiTokenCreated,
} from '../../../shared/tokens/api';
import type { AppContext } from '../../platform/context';
import { hashToken, newToken } from '../../platform/crypto';
import type { DbOrTx } from '../../platform/db/client';
import { withTransaction } from '../../platform/db/transaction';
import { badRequest, forbidden, notFound } from '../../platform/http/errors';
import type { Actor, TokenIdentity } from '../../platform/http/guards';
import { accounts } from '../auth/tables';
import { presentApiToken } from './present';
import { apiTokens } from './tables';

/** Last use is written at most this often per token and process: a token in a loop costs no write per call. */
const TOUCH_EVERY_MS = 60_000;
const touchedAt = new Map<string, number>();

const selection = {
  token: apiTokens,
  creatorFirstName: accounts.firstName,
  creatorSurname: accounts.surname,
};

function tokenRows(db: DbOrTx, eventId: string, tokenId?: string) {
  return db
    .select(selection)
    .from(apiTokens)
    .leftJoin(accounts, eq(accounts.id, apiTokens.createdBy))
    .where(and(eq(apiTokens.eventId, eventId), tokenId ? eq(apiTokens.id, tokenId) : undefined));
}

/** A token cannot make or revoke tokens: a leaked one must not be able to mint its successor. */
function refuseTokenCaller(actor: Actor): void {
  if (actor.tokenId) throw forbidden(API_TOKEN_ERRORS.accountRoute);
}

export async function listApiTokens(ctx: AppContext, actor: Actor): Promise<{ items: ApiToken[] }> {
  refuseTokenCaller(actor);
  const rows = await tokenRows(ctx.db, actor.eventId).orderBy(desc(apiTokens.createdAt));
  return { items: rows.map((r) => presentApiToken(r)) };
}

export async function createApiToken(
  ctx: AppContext,
  actor: Actor,
  body: ApiTokenBody,
): Promise<ApiTokenCreated> {
  refuseTokenCaller(actor);
  const expiresAt = new Date(body.expiresAt);
  if (expiresAt.getTime() <= Date.now())
    throw badRequest(API_TOKEN_ERRORS.invalid, [
      { path: ['expiresAt'], message: API_TOKEN_ERRORS.expiryInPast },
    ]);
  const secret = `${API_TOKEN_PREFIX}${newToken()}`;
  // The row is the transaction's result, so its audit entry (written inside) names the token.
  const row = await withTransaction(ctx.db, async (tx) => {
    const [made] = await tx
      .insert(apiTokens)
      .values({
        eventId: actor.eventId,
        name: body.name,
        scope: body.scope,
        tokenHash: hashToken(secret),
        hint: secret.slice(0, API_TOKEN_PREFIX.length + 4),
        createdBy: actor.accountId,
        expiresAt,
      })
      .returning({ id: apiTokens.id });
    return made;
  });
  const [created] = await tokenRows(ctx.db, actor.eventId, row.id);
  return { token: presentApiToken(created), secret };
}

export async function revokeApiToken(ctx: AppContext, actor: Actor, tokenId: string): Promise<ApiToken> {
  refuseTokenCaller(actor);
  return withTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .update(apiTokens)
      .set({ revokedAt: sql`coalesce(${apiTokens.revokedAt}, now())` })
      .where(and(eq(apiTokens.eventId, actor.eventId), eq(apiTokens.id, tokenId)))
      .returning({ id: apiTokens.id });
    if (!row) throw notFound(API_TOKEN_ERRORS.notFound);
    const [updated] = await tokenRows(tx, actor.eventId, tokenId);
    return presentApiToken(updated);
  });
}

/**
 * The guards' token path: the secret -> the token and the account of the admin who made it, or
 * null when unknown, expired, revoked, or its maker is disabled or no longer a member.
 */
export async function findApiToken(db: DbOrTx, secret: string): Promise<TokenIdentity | null> {
  if (!secret.startsWith(API_TOKEN_PREFIX)) return null;
  const [row] = await db
    .select({
      token: apiTokens,
      email: accounts.email,
      firstName: accounts.firstName,
      surname: accounts.surname,
      disabled: accounts.disabled,
    })
    .from(apiTokens)
    .innerJoin(accounts, eq(accounts.id, apiTokens.createdBy))
    .where(eq(apiTokens.tokenHash, hashToken(secret)));
  if (!row || row.disabled || row.token.revokedAt || row.token.expiresAt.getTime() <= Date.now()) return null;
  const { token } = row;
  const now = Date.now();
  if (now - (touchedAt.get(token.id) ?? 0) > TOUCH_EVERY_MS) {
    touchedAt.set(token.id, now);
    await db
      .update(apiTokens)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(apiTokens.id, token.id));
  }
  return {
    tokenId: token.id,
    tokenName: token.name,
    eventId: token.eventId,
    scope: token.scope,
    account: {
      tokenHash: `api-token:${token.id}`,
      accountId: token.createdBy,
      email: row.email,
      firstName: row.firstName,
      surname: row.surname,
      currentEventId: token.eventId,
    },
  };
}
