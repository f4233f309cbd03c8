import { readFileSync } from 'node:fs';
import { expectAccessible, expectLoaded, signIn } from './support';
import { expect, test } from './test';

/** Willow's organiser (start-server.mjs): an event of its own, nothing here changes it. */
const organiser = (): { email: string; password: string } =>
  JSON.parse(readFileSync('.tmp/e2e-member-areas.json', 'utf8')).admin;

test('the build changes under an open page: "A new version is available — Reload"', async ({ page }) => {
  const { email, password } = organiser();
  await signIn(page, email, password);
  await page.goto('/');
  await expectLoaded(page);
  const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
  await expect(prompt).toHaveCount(0);

  // A deploy: from now on the server names another build on every answer. Only this page's
  // answers are rewritten, so the journeys running beside it keep the build they run.
  await page.route('**/api/**', async (route) => {
    // The event stream never ends, so it cannot be fetched whole and rewritten: it passes as is.
    if (route.request().url().endsWith('/stream')) return route.continue();
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'x-portal-build': 'a-newer-build' } });
  });
  await page.getByRole('navigation').getByRole('link', { name: 'Downloads' }).click();
  await expect(page).toHaveURL(/\/downloads$/);
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expectAccessible(page, 'new version prompt');

  // Reloading runs the new build: the prompt is gone.
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await expectLoaded(page);
  await expect(page).toHaveURL(/\/downloads$/);
  await expect(prompt).toHaveCount(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
