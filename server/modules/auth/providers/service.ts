import { eq, lt, sql } from 'drizzle-orm';
import {
  type EventSignInProvider,
  type EventSignInProviderBody,
  isSafeContinuePath,
  type ProviderSignInError,
  type PublicSignInProviders,
} from '../../../../shared/auth/providers';
import { emailSchema } from '../../../../shared/auth/schema';
import type { SignInProviderConfig } from '../../../platform/config';
import type { AppContext } from '../../../platform/context';
import { hashToken, newToken } from '../../../platform/crypto';
import type { DbOrTx } from '../../../platform/db/client';
import { isUniqueViolation } from '../../../platform/db/errors';
import { withTransaction } from '../../../platform/db/transaction';
import { notFound } from '../../../platform/http/errors';
import { events } from '../../events/tables';
import { findMembership } from '../../membership/queries';
import { recordLogin } from '../../membership/service';
import { addUserToEvent } from '../accounts/service';
import { createSession } from '../sessions/service';
import { accounts } from '../tables';
import { finishAuthorization, startAuthorization } from './oidc/service';
import { eventSignInProviders, signInAttempts } from './tables';

/** Long enough to sign in at the provider, short enough that a stolen key is soon worthless. */
export const ATTEMPT_TTL_MS = 10 * 60 * 1000;

/** A provider sign-in that ends on the sign-in screen with one of the known reasons. */
export class ProviderSignInRefused extends Error {
  constructor(readonly reason: ProviderSignInError) {
    super(`provider sign-in refused: ${reason}`);
  }
}

const configured = (ctx: AppContext, providerId: string) =>
  ctx.config.signInProviders.find((p) => p.id === providerId) ?? null;

/** An event's address as its app URL says, normalised (no trailing slash, lower case). */
const normalised = (address: string) => address.replace(/\/+$/, '').toLowerCase();

/**
 * The event a sign-in screen belongs to: the one event whose app URL is the address the browser
 * used, else the one whose app URL is the server's PUBLIC_URL (as the branding). Several events on
 * one address, or none: no event, and no provider is offered.
 */
export async function eventAtAddress(
  db: DbOrTx,
  addresses: string[],
): Promise<{ id: string; appUrl: string } | null> {
  for (const address of new Set(addresses.map(normalised))) {
    const matches = await db
      .select({ id: events.id, appUrl: events.appUrl })
      .from(events)
      .where(sql`lower(rtrim(${events.appUrl}, '/')) = ${address}`)
      .limit(2);
    if (matches.length === 1) return matches[0];
  }
  return null;
}

async function appUrlOf(db: DbOrTx, eventId: string): Promise<string | null> {
  const [row] = await db.select({ appUrl: events.appUrl }).from(events).where(eq(events.id, eventId));
  return row?.appUrl ?? null;
}

async function eventSettings(db: DbOrTx, eventId: string) {
  const rows = await db.select().from(eventSignInProviders).where(eq(eventSignInProviders.eventId, eventId));
  return new Map(rows.map((r) => [r.providerId, r]));
}

/** Every installation provider with the event's switches (off when the event never set them). */
export async function listEventProviders(ctx: AppContext, eventId: string): Promise<EventSignInProvider[]> {
  const set = await eventSettings(ctx.db, eventId);
  return ctx.config.signInProviders.map((p) => ({
    id: p.id,
    name: p.name,
    enabled: set.get(p.id)?.enabled ?? false,
    allowAccountCreation: set.get(p.id)?.allowAccountCreation ?? false,
  }));
}

export async function setEventProvider(
  ctx: AppContext,
  eventId: string,
  providerId: string,
  body: EventSignInProviderBody,
  actor: string,
): Promise<EventSignInProvider> {
  const provider = configured(ctx, providerId);
  if (!provider) throw notFound('Sign-in provider not found');
  const values = { ...body, updatedBy: actor, updatedAt: new Date() };
  await withTransaction(ctx.db, (tx) =>
    tx
      .insert(eventSignInProviders)
      .values({ eventId, providerId, ...values, createdBy: actor })
      .onConflictDoUpdate({
        target: [eventSignInProviders.eventId, eventSignInProviders.providerId],
        set: values,
      }),
  );
  return { id: provider.id, name: provider.name, ...body };
}

/** The "Continue with ..." buttons of the sign-in screen at this address. */
export async function publicProviders(ctx: AppContext, addresses: string[]): Promise<PublicSignInProviders> {
  const eventId = (await eventAtAddress(ctx.db, addresses))?.id;
  if (!eventId || ctx.config.signInProviders.length === 0) return { providers: [] };
  const set = await eventSettings(ctx.db, eventId);
  return {
    providers: ctx.config.signInProviders
      .filter((p) => set.get(p.id)?.enabled)
      .map((p) => ({ id: p.id, name: p.name })),
  };
}

/** The provider, if the event has it on, with whether it may create accounts. */
async function providerForEvent(ctx: AppContext, eventId: string | undefined, providerId: string) {
  const provider = configured(ctx, providerId);
  if (!provider || !eventId) return null;
  const setting = (await eventSettings(ctx.db, eventId)).get(providerId);
  return setting?.enabled ? { provider, allowAccountCreation: setting.allowAccountCreation } : null;
}

/** Where the provider sends the browser back: under the event's own app URL (registered at the provider). */
export const callbackUri = (appUrl: string, providerId: string) =>
  `${appUrl.replace(/\/+$/, '')}/api/auth/providers/${providerId}/callback`;

/**
 * Starts a provider sign-in: the state, nonce and PKCE verifier are kept server-side under a new
 * random key (the browser gets only the key, in a cookie) and the browser is sent to the provider.
 */
export async function beginProviderSignIn(
  ctx: AppContext,
  input: { providerId: string; addresses: string[]; continuePath?: string },
): Promise<{ key: string; redirectTo: string }> {
  const event = await eventAtAddress(ctx.db, input.addresses);
  const found = await providerForEvent(ctx, event?.id, input.providerId);
  if (!found || !event) throw new ProviderSignInRefused('unavailable');
  const eventId = event.id;
  let start: Awaited<ReturnType<typeof startAuthorization>>;
  try {
    start = await startAuthorization(found.provider, callbackUri(event.appUrl, input.providerId));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    ctx.logger.warn({ error: message, provider: input.providerId }, 'identity provider unreachable');
    throw new ProviderSignInRefused('failed');
  }
  const key = newToken();
  await ctx.db.delete(signInAttempts).where(lt(signInAttempts.expiresAt, new Date()));
  await ctx.db.insert(signInAttempts).values({
    keyHash: hashToken(key),
    eventId,
    providerId: input.providerId,
    state: start.state,
    nonce: start.nonce,
    codeVerifier: start.codeVerifier,
    continuePath: isSafeContinuePath(input.continuePath) ? input.continuePath : null,
    expiresAt: new Date(Date.now() + ATTEMPT_TTL_MS),
  });
  return { key, redirectTo: start.url.href };
}

/** Takes (and deletes: single use) the attempt the cookie's key names, if it is live and this provider's. */
async function takeAttempt(db: DbOrTx, key: string | undefined, providerId: string) {
  if (!key) return null;
  const [row] = await db
    .delete(signInAttempts)
    .where(eq(signInAttempts.keyHash, hashToken(key)))
    .returning();
  if (!row || row.providerId !== providerId || row.expiresAt.getTime() <= Date.now()) return null;
  return row;
}

/**
 * The account a provider identity signs in to: matched by its verified email; created as a plain
 * user only when the event allows it and the email has no account at all. The membership's level
 * is whatever the event gave it (a new one is 'user'); the provider never sets one.
 */
async function accountFor(
  ctx: AppContext,
  eventId: string,
  provider: SignInProviderConfig,
  identity: { email: string; firstName: string; surname: string },
  allowAccountCreation: boolean,
): Promise<string> {
  const existing = await existingAccountFor(ctx, eventId, identity.email);
  if (existing) return existing;
  if (!allowAccountCreation) throw new ProviderSignInRefused('noAccount');
  const actor = `provider:${provider.id}`;
  try {
    const created = await withTransaction(ctx.db, (tx) =>
      addUserToEvent(
        tx,
        {
          eventId,
          email: identity.email,
          firstName: identity.firstName.slice(0, 100),
          surname: identity.surname.slice(0, 100),
          permissions: 'user',
        },
        actor,
      ),
    );
    return created.accountId;
  } catch (error) {
    // Two first sign-ins with one email at once (two tabs, a double click): the other one made
    // the account a moment ago, so this one signs in to it instead of failing on the unique email.
    if (!isUniqueViolation(error)) throw error;
    const made = await existingAccountFor(ctx, eventId, identity.email);
    if (!made) throw error;
    return made;
  }
}

/** The account with this email, if it may sign in to this event; refused if it may not. */
async function existingAccountFor(ctx: AppContext, eventId: string, email: string): Promise<string | null> {
  const [account] = await ctx.db.select().from(accounts).where(eq(accounts.email, email)).limit(1);
  if (!account) return null;
  if (account.disabled) throw new ProviderSignInRefused('disabled');
  // An account of other events only: joining it here would let this event's provider into it.
  if (!(await findMembership(ctx.db, eventId, account.id))) throw new ProviderSignInRefused('noAccount');
  return account.id;
}

/**
 * Finishes a provider sign-in: the attempt is taken, the provider's answer checked by the OpenID
 * client, the account found (or created), and a portal session made exactly as a password sign-in
 * makes one. Returns the session token and where to go.
 */
export async function completeProviderSignIn(
  ctx: AppContext,
  input: { providerId: string; key: string | undefined; query: Record<string, string> },
): Promise<{ token: string; continuePath: string }> {
  const attempt = await takeAttempt(ctx.db, input.key, input.providerId);
  if (!attempt) throw new ProviderSignInRefused('failed');
  const found = await providerForEvent(ctx, attempt.eventId, input.providerId);
  const appUrl = await appUrlOf(ctx.db, attempt.eventId);
  if (!found || !appUrl) throw new ProviderSignInRefused('unavailable');
  // The answer as openid-client reads it: the redirect URI this sign-in sent, with the provider's parameters.
  const callbackUrl = new URL(callbackUri(appUrl, input.providerId));
  callbackUrl.search = new URLSearchParams(input.query).toString();
  let identity: Awaited<ReturnType<typeof finishAuthorization>>;
  try {
    identity = await finishAuthorization(found.provider, callbackUrl, attempt);
  } catch (error) {
    // openid-client's own message is generic; the check that failed (state, nonce, ...) is its cause.
    // Only the messages are logged: the error's details can hold the person's claims and the code.
    const message = error instanceof Error ? error.message : String(error);
    const detail = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
    ctx.logger.warn(
      { error: message, detail, provider: input.providerId },
      'provider sign-in answer refused',
    );
    throw new ProviderSignInRefused('failed');
  }
  const email = emailSchema.safeParse(identity.email ?? '');
  if (!email.success || !identity.emailVerified) throw new ProviderSignInRefused('unverified');
  const accountId = await accountFor(
    ctx,
    attempt.eventId,
    found.provider,
    { ...identity, email: email.data },
    found.allowAccountCreation,
  );
  const token = await withTransaction(ctx.db, async (tx) => {
    await recordLogin(tx, attempt.eventId, accountId);
    return createSession(tx, accountId, attempt.eventId);
  });
  return { token, continuePath: attempt.continuePath ?? '/' };
}
