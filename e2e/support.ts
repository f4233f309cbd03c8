import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from './test';

export type Seeded = {
  eventId: string;
  secondEventId: string;
  admin: { email: string; password: string };
  users: Record<'resetter' | 'mover' | 'moderator' | 'viewer', { email: string; password: string }>;
};

/** Accounts the seeded server was started with (e2e/start-server.mjs). */
export function seeded(): Seeded {
  return JSON.parse(readFileSync('.tmp/e2e-seeded.json', 'utf8'));
}

/**
 * Wait until nothing on the screen says it is loading (aria-busy: the sidebar before it arrives,
 * a table dimmed while its next page loads), as a person waits before reading or clicking.
 */
export async function expectSettled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * The screen's data has arrived: nothing busy and no loading status left in the main area. Use it
 * instead of `waitForLoadState('networkidle')`, which never comes while the event stream is open.
 */
export async function expectLoaded(page: Page): Promise<void> {
  await expectSettled(page);
  await expect(page.locator('main [role="status"]:has(.mantine-Loader-root)')).toHaveCount(0);
}

/** No serious or critical accessibility violation on the screen once it has settled. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  await expectSettled(page);
  // A dialog or menu fading in or out is half transparent: axe would measure its text's contrast
  // mid-fade (a failure no one reads). CSS transitions end; the infinite animations (loaders) are
  // not transitions, so they are not waited for.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} -> ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
  expect(bad, `axe on ${screen}`).toEqual([]);
}

/**
 * The newest link emailed to an address, as the server printed it to its console (no SMTP in the
 * journeys: the outbox prints every link, which is how a new user follows them too).
 */
export async function emailedLink(server: 'fresh' | 'seeded', to: string, path: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const log = readFileSync(`.tmp/e2e-${server}.log`, 'utf8');
    const blocks = log
      .split('\n  Email to ')
      .slice(1)
      .filter((b) => b.startsWith(`${to}:`));
    const link = blocks
      .at(-1)
      ?.split('\n')
      .map((l) => l.trim())
      .find((l) => l.includes(path));
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No email to ${to} with a ${path} link`);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await expectSettled(page);
}
