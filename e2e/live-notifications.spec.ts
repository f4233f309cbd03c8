import { readFileSync } from 'node:fs';
import { expectAccessible, signIn } from './support';
import { expect, type Page, test } from './test';

type Fenland = {
  eventId: string;
  admin: { email: string; password: string };
  members: { potter: { email: string; password: string; firstName: string; surname: string } };
};
const fenland = (): Fenland => JSON.parse(readFileSync('.tmp/e2e-live.json', 'utf8'));

const bell = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: /^Notifications(, \d+ unread)?$/ });

/** Well under the 30 s fallback poll: only the event stream can bring the change this fast. */
const LIVE = { timeout: 10_000 };

test('an organiser publishes; the team member’s bell rises without a reload, and reading in one tab clears the other', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const { admin, members } = fenland();
  const potter = members.potter;

  // The organiser makes a team type and a team that the potter owns.
  await signIn(page, admin.email, admin.password);
  await page.goto('/admin/team-types/add');
  await page.getByLabel(/^Name/).fill('Potters');
  await page.getByRole('button', { name: 'Add team type' }).click();
  await expect(page).toHaveURL(/\/admin\/team-types$/);
  await page.goto('/admin/teams/add-team');
  await page.getByLabel(/^Team name/).fill('Reyes Ceramics');
  await page.getByLabel(/^First name/).fill(potter.firstName);
  await page.getByLabel(/^Surname/).fill(potter.surname);
  await page.getByLabel(/^Email/).fill(potter.email);
  await page.getByRole('combobox', { name: 'Team type' }).click();
  await page.getByRole('option', { name: 'Potters' }).click();
  await page.getByRole('button', { name: 'Add team' }).click();
  await expect(page.getByRole('heading', { name: 'Reyes Ceramics' })).toBeVisible();

  // The potter has the portal open, its event stream connected, nothing unread.
  const potterContext = await browser.newContext();
  const tab = await potterContext.newPage();
  const streamOpen = tab.waitForResponse((r) => r.url().endsWith('/stream') && r.status() === 200);
  await signIn(tab, potter.email, potter.password);
  await streamOpen;
  await expect(bell(tab)).toHaveAccessibleName('Notifications');
  await expectAccessible(tab, 'portal with the bell, nothing unread');

  // The organiser publishes a notification for potters.
  await page.goto('/admin/notifications/add');
  await page.getByLabel(/^Title/).fill('Kilns are lit at 8:00');
  await page.getByRole('radio', { name: 'Some team types' }).check();
  await page.getByRole('combobox', { name: 'Team types' }).click();
  await page.getByRole('option', { name: 'Potters' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('radio', { name: 'Publish now' }).check();
  await page.getByRole('button', { name: 'Save notification' }).click();
  await expect(page).toHaveURL(/\/admin\/notifications$/);

  // No reload: the potter's bell rises.
  await expect(bell(tab)).toHaveAccessibleName('Notifications, 1 unread', LIVE);
  await expectAccessible(tab, 'portal with the bell, 1 unread');

  // A second tab of the same session reads everything; the first tab's bell clears on its own.
  const second = await potterContext.newPage();
  await second.goto('/notifications');
  const card = second.getByRole('article', { name: 'Kilns are lit at 8:00' });
  await expect(card.getByLabel('Unread')).toBeVisible();
  await expectAccessible(second, 'my notifications, one unread');
  await second.getByRole('button', { name: 'Mark all read' }).click();
  await expect(card.getByLabel('Unread')).toHaveCount(0);
  await expect(bell(tab)).toHaveAccessibleName('Notifications', LIVE);
  await potterContext.close();
});
