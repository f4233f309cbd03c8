import { expectAccessible, expectLoaded, seeded, signIn } from './support';
import { expect, test } from './test';

test('an unknown path shows the 404 screen', async ({ page }) => {
  await page.goto('/no/such/screen');
  await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
  await expectAccessible(page, '404');
  await page.goto('/404');
  await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
});

test('the auth root redirects to sign-in, and a wrong password shows the spec text', async ({ page }) => {
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByLabel('Email').fill('nobody@harbourside.example');
  await page.getByLabel(/^Password/).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
});

test('a user without the level sees the unauthorised screen', async ({ page }) => {
  const { viewer } = seeded().users;
  await signIn(page, viewer.email, viewer.password);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/admin/i);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/unauthorised/);
  await expectAccessible(page, 'unauthorised');
});

test('the app is served compressed: Brotli or gzip as the browser accepts, the same bytes once decoded', async ({
  request,
}) => {
  const page = await request.get('/');
  // index.html names the hashed files of this build: always revalidated, never kept.
  expect(page.headers()['cache-control']).toBe('no-cache');
  const html = await page.text();
  const script = html.match(/\/assets\/index-[\w-]+\.js/)?.[0];
  expect(script).toBeTruthy();
  const plain = await request.get(`${script}`, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  for (const encoding of ['br', 'gzip']) {
    const res = await request.get(`${script}`, { headers: { 'accept-encoding': encoding } });
    expect(res.headers()['content-encoding']).toBe(encoding);
    expect(res.headers().vary).toMatch(/accept-encoding/i);
    // Playwright decodes the body: it must be the very file.
    expect((await res.body()).equals(await plain.body())).toBe(true);
  }
});

test('a screen opened from far down a list starts at its top, and Back returns to where the list was', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 640 });
  const { admin } = seeded();
  await signIn(page, admin.email, admin.password);
  await page.goto('/admin');
  await expectLoaded(page);
  const last = page.locator('main a[href^="/admin/"]').last();
  await last.scrollIntoViewIfNeeded();
  const listScroll = await page.evaluate(() => window.scrollY);
  expect(listScroll).toBeGreaterThan(200);
  await last.click();
  await expect(page).not.toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/admin$/);
  await expectLoaded(page);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
});
