import { readFileSync } from 'node:fs';
import { startTestIdentityProvider, type TestIdentityProvider } from '../server/test/identityProvider';
import { expectAccessible, expectSettled, signIn } from './support';
import { expect, test } from './test';

/** The event at its own address and the test provider's registration (e2e/start-server.mjs). */
type ProviderJourney = {
  eventId: string;
  admin: { email: string; password: string };
  members: { skipper: { email: string; firstName: string; surname: string } };
  appUrl: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
};
const journey = (): ProviderJourney => JSON.parse(readFileSync('.tmp/e2e-provider.json', 'utf8'));

let idp: TestIdentityProvider;

test.beforeAll(async () => {
  const { appUrl, issuer, clientId, clientSecret } = journey();
  idp = await startTestIdentityProvider({
    clientId,
    clientSecret,
    redirectUris: [`${appUrl}/api/auth/providers/pier-sso/callback`],
    port: Number(new URL(issuer).port),
  });
});
test.afterAll(async () => idp?.close());

test('an admin switches a provider on; a member continues with it and lands in the portal signed in', async ({
  page,
  browser,
}) => {
  const { admin, members, appUrl } = journey();
  await signIn(page, admin.email, admin.password);
  await page.goto('/admin/event');
  const section = page.getByRole('region', { name: 'Sign-in providers' });
  const offer = section.getByRole('switch', { name: 'Offer "Continue with Pier SSO" on the sign-in screen' });
  await expect(offer).not.toBeChecked();
  await expectAccessible(page, 'event settings with sign-in providers');
  await offer.click();
  await expect(offer).toBeChecked();
  await expect(page.getByText('Your updates have been successfully saved')).toBeVisible();

  // The member, in a browser of their own, at the event's address.
  const context = await browser.newContext({ baseURL: appUrl });
  const member = await context.newPage();
  await member.goto('/auth/login');
  const button = member.getByRole('link', { name: 'Continue with Pier SSO' });
  await expect(button).toBeVisible();
  await expectAccessible(member, 'sign-in with a provider');

  // A provider that has not verified the address: back on the sign-in screen with the reason.
  idp.signInAs({ sub: 'skipper-unverified', email: members.skipper.email, email_verified: false });
  await button.click();
  await expect(member).toHaveURL(/\/auth\/login\?providerError=unverified/);
  await expect(member.getByRole('alert')).toContainText(
    'Your provider has not confirmed your email address, so it cannot be used to sign in.',
  );
  await expectAccessible(member, 'sign-in after a refused provider sign-in');

  // The provider would keep its own session for the refused person: sign out of it (its cookies).
  await context.clearCookies();
  idp.signInAs({ sub: 'skipper', email: members.skipper.email, email_verified: true });
  await member.getByRole('link', { name: 'Continue with Pier SSO' }).click();
  await expect(member).not.toHaveURL(/\/auth\//);
  await expectSettled(member);
  await member.goto('/my-account');
  await expect(member.getByText(members.skipper.email, { exact: true })).toBeVisible();
  await context.close();
});
