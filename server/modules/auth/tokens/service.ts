import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { AUTH_ERROR_MESSAGES } from '../../../../shared/auth/errors';
import type { TokenMode } from '../../../../shared/auth/schema';
import { hashToken, newToken } from '../../../platform/crypto';
import type { DbOrTx } from '../../../platform/db/client';
import { authError } from '../../../platform/http/errors';
import { authTokens } from '../tables';

/** How long each kind of emailed link stays valid. */
export const TOKEN_LIFETIME_MS: Record<TokenMode, number> = {
  setPassword: 7 * 24 * 60 * 60 * 1000,
  resetPassword: 60 * 60 * 1000,
  verifyAndChangeEmail: 24 * 60 * 60 * 1000,
};

export type IssuedToken = { token: string; id: string };
type TokenInput = {
  accountId: string;
  eventId: string | null;
  mode: TokenMode;
  newEmail?: string;
  actor: string;
};

/** Issues a single-use link token; any earlier unused token of the same mode stops working. */
export async function issueToken(db: DbOrTx, input: TokenInput): Promise<IssuedToken> {
  const issued = { id: randomUUID(), token: newToken() };
  const { revokeEarlier, insert } = tokenIssue(db, input, issued);
  await revokeEarlier;
  await insert;
  return issued;
}

/**
 * issueToken's two writes as queries not yet run, for a caller that runs them inside one statement
 * of its own (the bulk team import writes a row's token, email and record in one round trip).
 * `revokeEarlier` may be left out only for an account made in the same statement (it has none).
 */
export function tokenIssue(db: DbOrTx, input: TokenInput, issued: IssuedToken) {
  const now = new Date();
  const revokeEarlier = db
    .update(authTokens)
    .set({ usedAt: now, updatedAt: now, updatedBy: input.actor })
    .where(
      and(
        eq(authTokens.accountId, input.accountId),
        eq(authTokens.mode, input.mode),
        isNull(authTokens.usedAt),
      ),
    );
  const insert = db.insert(authTokens).values({
    id: issued.id,
    tokenHash: hashToken(issued.token),
    accountId: input.accountId,
    eventId: input.eventId,
    mode: input.mode,
    newEmail: input.newEmail ?? null,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[input.mode]),
    createdBy: input.actor,
    updatedBy: input.actor,
  });
  return { revokeEarlier, insert };
}

/**
 * What a stored email carries where its link's token goes: the token's record id, never the token.
 * The outbox, its jobs and the database's files (pages, write-ahead log) then hold no live link;
 * the token is made when the email is sent (`mintLinkToken`), so any process can send it.
 */
export const linkTokenPlaceholder = (tokenId: string) => `pending.${tokenId}`;
export const LINK_TOKEN_PLACEHOLDER = /pending\.([0-9a-f-]{36})/g;

/**
 * A fresh token for a link about to be sent: its hash replaces the record's, so only the email as
 * sent carries a working link. Null when the link is no longer good (used, superseded or expired).
 */
export async function mintLinkToken(db: DbOrTx, tokenId: string): Promise<string | null> {
  const token = newToken();
  const now = new Date();
  const minted = await db
    .update(authTokens)
    .set({ tokenHash: hashToken(token), updatedAt: now })
    .where(and(eq(authTokens.id, tokenId), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
    .returning({ id: authTokens.id });
  return minted.length ? token : null;
}

export type TokenRecord = typeof authTokens.$inferSelect;

const invalid = () =>
  authError(400, 'auth/invalid-action-code', AUTH_ERROR_MESSAGES['auth/invalid-action-code']);
const expired = () =>
  authError(400, 'auth/expired-action-code', AUTH_ERROR_MESSAGES['auth/expired-action-code']);

/** The token's record if it is of this mode, unused and unexpired; the spec's auth errors otherwise. */
export async function checkToken(db: DbOrTx, token: string, mode: TokenMode): Promise<TokenRecord> {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(eq(authTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.mode !== mode || row.usedAt) throw invalid();
  if (row.expiresAt.getTime() <= Date.now()) throw expired();
  return row;
}

/** Marks the token used; run inside the transaction that applies what the token allows. */
export async function consumeToken(db: DbOrTx, record: TokenRecord, actor: string): Promise<void> {
  const now = new Date();
  const used = await db
    .update(authTokens)
    .set({ usedAt: now, updatedAt: now, updatedBy: actor })
    .where(and(eq(authTokens.id, record.id), isNull(authTokens.usedAt)))
    .returning({ id: authTokens.id });
  if (used.length === 0) throw invalid();
}
