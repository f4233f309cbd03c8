import { readFileSync } from 'node:fs';
import { readRouteTable } from '../client/scripts/routeTable.mjs';
import { expectAccessible, expectLoaded, signIn } from './support';
import { expect, type Page, test } from './test';

/** The demo event (`seed --demo`, e2e/start-server.mjs), whose team users have tasks, pages, suppliers. */
const demo = (): { signIns: { email: string; password: string; permissions: string }[] } =>
  JSON.parse(readFileSync('.tmp/e2e-reports.json', 'utf8'));

/**
 * Every team screen from the router's own table (signed in, outside /admin, no parameters), so a
 * new screen is checked without anyone adding it here; screens with an id are reached through the
 * first link their list shows.
 */
const TEAM_SCREENS = readRouteTable()
  .filter(({ modules }) => modules.some((m) => m.endsWith('/SignedInLayout.tsx')))
  .map(({ path }) => path)
  .filter((path) => !path.startsWith('/admin') && !path.includes(':'));

const PHONE = { width: 390, height: 844 };

async function expectFitsThePhone(page: Page, screen: string) {
  await expectLoaded(page);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${screen} is ${width} px wide on a ${PHONE.width} px phone`).toBeLessThanOrEqual(
    PHONE.width,
  );
  await expectAccessible(page, `${screen} at ${PHONE.width} px`);
}

test('every team screen fits a 390-pixel-wide phone: the page never scrolls sideways', async ({ page }) => {
  test.setTimeout(240_000);
  expect(TEAM_SCREENS).toEqual(
    expect.arrayContaining(['/', '/tasks', '/my-team', '/suppliers', '/downloads']),
  );
  const user = demo().signIns.find((s) => s.permissions === 'user');
  if (!user) throw new Error('the demo seed has no team user');
  await page.setViewportSize(PHONE);
  await signIn(page, user.email, user.password);

  for (const path of TEAM_SCREENS) {
    await page.goto(path);
    await expectFitsThePhone(page, path);
  }

  // Screens with an id: the first content page, supplier and task the lists link to.
  for (const [list, link] of [
    ['/content', /^\/content\/[\w-]+$/],
    ['/suppliers', /^\/suppliers\/[\w-]+$/],
    ['/tasks', /^\/tasks\/[\w-]+$/],
  ] as const) {
    await page.goto(list);
    await expectLoaded(page);
    // The list's links arrive with its answer: wait for one rather than read the page once.
    const firstLink = async () =>
      (
        await page.locator('main a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))
      ).find((h) => link.test(h.split('?')[0]));
    await expect.poll(firstLink, { message: `a link from ${list}` }).toBeTruthy();
    const href = await firstLink();
    await page.goto(href ?? list);
    await expectFitsThePhone(page, href ?? list);
  }
});
