import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import { expectAccessible, seeded, signIn } from './support';
import { expect, type Page, test } from './test';

const EVENT = 'Harbourside Food & Drink Expo 2027';

const openEvent = async (page: Page, name: string) => {
  await page.goto('/my-events');
  await page.getByRole('button', { name: `Open ${name}` }).click();
  await expect(page).toHaveURL(/\/$/);
};

const logoPng = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="760" height="150">
      <rect width="100%" height="100%" fill="#ffffff"/>
      <text x="20" y="100" font-family="sans-serif" font-size="80" font-weight="700" fill="#0b5d3b">HARBOURSIDE</text>
    </svg>`),
  )
    .png()
    .toBuffer();

test('an admin uploads the event logo; the shell shows it at once and the sign-in screen follows the address', async ({
  page,
}) => {
  const { admin } = seeded();
  await signIn(page, admin.email, admin.password);
  await openEvent(page, EVENT);

  await page.goto('/admin/branding');
  await expect(page.getByRole('heading', { level: 1, name: 'Branding' })).toBeVisible();
  await expectAccessible(page, 'branding');

  const logoField = page.getByRole('group', { name: 'Logo', exact: true });
  await logoField.locator('input[type="file"]').setInputFiles({
    name: 'harbourside-logo.png',
    mimeType: 'image/png',
    buffer: await logoPng(),
  });
  await expect(page.getByText('The logo has been saved')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo preview' }).first()).toBeVisible();

  // The shell's navigation bar shows the new logo without a reload.
  // The bar names the event by its short name; the logo is the bar's one image.
  const shellLogo = page.getByRole('banner').getByRole('img', { name: 'Harbourside Expo' });
  await expect(shellLogo).toHaveAttribute('src', /^\/api\/guests\/files\/[0-9a-f-]{36}\?size=small$/);
  await expect.poll(() => shellLogo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(page, 'branding with a logo');
  mkdirSync('/tmp/shots', { recursive: true });
  await page.screenshot({ path: '/tmp/shots/branding.png', fullPage: true });

  // The logo file is public: it loads without a session, as the sign-in screen needs.
  const logoUrl = await shellLogo.getAttribute('src');
  const guest = await page.context().browser()?.newContext();
  const anonymous = await guest?.request.get(`${new URL(page.url()).origin}${logoUrl}`);
  expect(anonymous?.status()).toBe(200);
  await guest?.close();

  // The sign-in screen names the one event at this address. This server hosts three events on
  // one address (e2e/start-server.mjs), so it names the product; the one-event case is covered by
  // server/modules/branding/branding.test.ts and client/features/auth/authBranding.test.tsx.
  expect(await (await page.request.get('/api/public/branding')).json()).toEqual({ event: null });
  await page.context().clearCookies();
  await page.goto('/auth/login');
  await expect(page.getByRole('link', { name: 'Event Portal' })).toBeVisible();
  await expect(page.getByTestId('auth-logo')).toHaveCount(0);
  await expectAccessible(page, 'sign in');
  await page.screenshot({ path: '/tmp/shots/branding-login.png', fullPage: true });

  // Back in: remove the logo again, after a confirm, so other journeys see the default bar.
  await signIn(page, admin.email, admin.password);
  await openEvent(page, EVENT);
  await page.goto('/admin/branding');
  await page.getByRole('button', { name: 'Remove logo' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel("Type 'CONFIRM' to continue").fill('CONFIRM');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('The logo has been removed')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('img')).toHaveCount(0);
});
