import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person the test identity provider signs in (the claims it vouches for). */
export type ProviderPerson = {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
};

export type TestIdentityProvider = {
  issuer: string;
  /** Who the next sign-in at the provider is (its login page is skipped: the test names the person). */
  signInAs(person: ProviderPerson): void;
  close(): Promise<void>;
};

/**
 * A real OpenID provider (the `oidc-provider` package) on a loopback port, for the API tests and
 * the browser journey: discovery, authorization with PKCE, the token endpoint, signed ID tokens
 * and userinfo all run for real. Only its login and consent pages are replaced: an interaction
 * finishes at once as the person the test chose.
 */
export async function startTestIdentityProvider(options: {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  port?: number;
}): Promise<TestIdentityProvider> {
  const people = new Map<string, ProviderPerson>();
  let next: ProviderPerson | null = null;
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  // A signing key of its own (the package's built-in development key is shared by everyone).
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' }] },
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    cookies: { keys: ['test-identity-provider-cookie-key'] },
    pkce: { required: () => true, methods: ['S256'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const person = people.get(sub);
      return person ? { accountId: sub, claims: () => ({ ...person }) } : undefined;
    },
  });
  const callback = provider.callback();

  server.on('request', async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      const person = next;
      if (!person) {
        res.statusCode = 400;
        return res.end('the test named nobody to sign in');
      }
      people.set(person.sub, person);
      const grant = new provider.Grant({ accountId: person.sub, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: person.sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });

  return {
    issuer,
    signInAs(person) {
      next = person;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
