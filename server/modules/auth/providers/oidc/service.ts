import * as oidc from 'openid-client';
import type { SignInProviderConfig } from '../../../../platform/config';

/**
 * The OpenID Connect side of a provider sign-in, through `openid-client` (discovery, PKCE, the
 * code exchange, ID token, state and nonce checks). Nothing here touches the database.
 */

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Plain HTTP only to a provider on this machine (development and tests); HTTPS everywhere else. */
function isLoopback(url: string): boolean {
  return LOOPBACK.has(new URL(url).hostname);
}

const discovered = new Map<string, Promise<oidc.Configuration>>();

/** The provider's metadata, fetched once per process (a failed fetch is tried again next time). */
export function providerConfiguration(provider: SignInProviderConfig): Promise<oidc.Configuration> {
  const key = `${provider.id}|${provider.issuer}|${provider.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    found = oidc.discovery(
      new URL(provider.issuer),
      provider.clientId,
      { client_secret: provider.clientSecret },
      oidc.ClientSecretBasic(provider.clientSecret),
      isLoopback(provider.issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    found.catch(() => discovered.delete(key));
    discovered.set(key, found);
  }
  return found;
}

export type AuthorizationStart = {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
};

/** Where to send the browser: the provider's authorization endpoint, with PKCE (S256), state and nonce. */
export async function startAuthorization(
  provider: SignInProviderConfig,
  redirectUri: string,
): Promise<AuthorizationStart> {
  const config = await providerConfiguration(provider);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url, state, nonce, codeVerifier };
}

/** What the portal takes from the provider: who the person is, never the provider's tokens. */
export type ProviderIdentity = {
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  surname: string;
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Exchanges the code (with the PKCE verifier) and checks the answer: state, the ID token's
 * signature, issuer, audience and nonce. The claims come from the ID token, or from the userinfo
 * endpoint when the provider keeps email there; the tokens are dropped when this returns.
 */
export async function finishAuthorization(
  provider: SignInProviderConfig,
  callbackUrl: URL,
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<ProviderIdentity> {
  const config = await providerConfiguration(provider);
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: expected.codeVerifier,
    expectedState: expected.state,
    expectedNonce: expected.nonce,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims) throw new Error('no ID token');
  let claims: Record<string, unknown> = idClaims;
  if (typeof idClaims.email !== 'string') {
    claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims };
  }
  const email = text(claims.email).toLowerCase() || null;
  return {
    email,
    emailVerified: claims.email_verified === true,
    firstName: text(claims.given_name) || text(claims.name).split(/\s+/)[0] || email?.split('@')[0] || '',
    surname: text(claims.family_name) || text(claims.name).split(/\s+/).slice(1).join(' '),
  };
}
