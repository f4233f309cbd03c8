import { readFileSync } from 'node:fs';
import { emailedLink, expectAccessible, signIn } from './support';
import { expect, type Page, test } from './test';

type Upland = {
  eventId: string;
  admin: { email: string; password: string };
  members: Record<
    'grower' | 'florist',
    { email: string; password: string; firstName: string; surname: string }
  >;
};
const upland = (): Upland => JSON.parse(readFileSync('.tmp/e2e-notifications.json', 'utf8'));

async function teamOfType(page: Page, team: string, type: string, owner: Upland['members']['grower']) {
  await page.goto('/admin/teams/add-team');
  await page.getByLabel(/^Team name/).fill(team);
  await page.getByLabel(/^First name/).fill(owner.firstName);
  await page.getByLabel(/^Surname/).fill(owner.surname);
  await page.getByLabel(/^Email/).fill(owner.email);
  await page.getByRole('combobox', { name: 'Team type' }).click();
  await page.getByRole('option', { name: type }).click();
  await page.getByRole('button', { name: 'Add team' }).click();
  await expect(page.getByRole('heading', { name: team })).toBeVisible();
}

/** The bell in the bar (the sidebar has its own Notifications link). */
const bell = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: /^Notifications(, \d+ unread)?$/ });

test('an organiser publishes a notification for one team type with email; that team sees the bell rise and reads it, another type sees nothing', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { admin, members } = upland();
  await signIn(page, admin.email, admin.password);
  for (const type of ['Growers', 'Florists']) {
    await page.goto('/admin/team-types/add');
    await page.getByLabel(/^Name/).fill(type);
    await page.getByRole('button', { name: 'Add team type' }).click();
    await expect(page).toHaveURL(/\/admin\/team-types$/);
  }
  await teamOfType(page, 'Sato Nurseries', 'Growers', members.grower);
  await teamOfType(page, 'Bianchi Blooms', 'Florists', members.florist);

  // The grower has the portal open before anything is published: the bell shows nothing unread.
  const growerContext = await browser.newContext();
  const grower = await growerContext.newPage();
  await signIn(grower, members.grower.email, members.grower.password);
  await expect(bell(grower)).toHaveAccessibleName('Notifications');

  // The organiser finds the area in the admin hub and adds a notification for growers, with email.
  await page.goto('/admin');
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Notifications/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/notifications$/);
  await expect(page.getByText('There are no notifications in this event yet.')).toBeVisible();
  await expectAccessible(page, 'notifications (empty)');
  await page.getByRole('link', { name: 'Add notification' }).first().click();
  await page.getByLabel(/^Title/).fill('Build-up starts at 7:00');
  await page.getByRole('textbox', { name: 'Description' }).fill('Vans unload at door C from 6:30.');
  await page.getByRole('radio', { name: 'Some team types' }).check();
  await page.getByRole('combobox', { name: 'Team types' }).click();
  await page.getByRole('option', { name: 'Growers' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('switch', { name: /Send email/ }).check({ force: true });
  await page.getByRole('radio', { name: 'Publish now' }).check();
  await expectAccessible(page, 'add notification');
  await page.getByRole('button', { name: 'Save notification' }).click();
  await expect(page).toHaveURL(/\/admin\/notifications$/);
  const list = page.getByRole('table', { name: 'Notifications' });
  await expect(list).toContainText('Build-up starts at 7:00');
  await expect(list).toContainText('Restricted: only applicable to 1 team type(s)');
  await expectAccessible(page, 'notifications');

  // A second one is scheduled for later, moved back to a draft, and deleted.
  await page.getByRole('link', { name: 'Add notification' }).first().click();
  await page.getByLabel(/^Title/).fill('Catering order closes Friday');
  await page.getByRole('radio', { name: 'Schedule' }).check();
  await page.getByLabel(/^Date and time/).fill('2030-04-19T09:00');
  await page.getByRole('button', { name: 'Save notification' }).click();
  await expect(page).toHaveURL(/\/admin\/notifications$/);
  const scheduledRow = list.getByRole('row', { name: /Catering order closes Friday/ });
  await expect(scheduledRow).toContainText('Scheduled');
  await expect(scheduledRow).toContainText('2030');
  await scheduledRow.getByRole('link', { name: 'Catering order closes Friday' }).click();
  await expect(page).toHaveURL(/\/admin\/notifications\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel(/^Date and time/)).toHaveValue('2030-04-19T09:00');
  await expectAccessible(page, 'edit notification');
  await page.getByRole('radio', { name: 'Save as draft' }).check();
  await page.getByRole('button', { name: 'Save notification' }).click();
  await expect(list.getByRole('row', { name: /Catering order closes Friday/ })).toContainText('Draft');
  await list.getByRole('link', { name: 'Catering order closes Friday' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill('CONFIRM');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/admin\/notifications$/);
  await expect(list).not.toContainText('Catering order closes Friday');

  // Without reloading, the grower's bell picks it up (the bell asks every 30 seconds).
  await expect(bell(grower)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 45_000 });
  await bell(grower).click();
  await expect(grower).toHaveURL(/\/notifications$/);
  const card = grower.getByRole('article', { name: 'Build-up starts at 7:00' });
  await expect(card).toContainText('Vans unload at door C from 6:30.');
  await expect(card.getByLabel('Unread')).toBeVisible();
  await expectAccessible(grower, 'my notifications');
  await card.getByRole('button', { name: 'Build-up starts at 7:00' }).click();
  await expect(card.getByLabel('Unread')).toHaveCount(0);
  await expect(bell(grower)).toHaveAccessibleName('Notifications');
  // The email went to the grower, with a link to the notifications page.
  expect(await emailedLink('seeded', members.grower.email, '/notifications')).toMatch(/\/notifications$/);

  // The florist sees nothing.
  const floristContext = await browser.newContext();
  const florist = await floristContext.newPage();
  await signIn(florist, members.florist.email, members.florist.password);
  await expect(bell(florist)).toHaveAccessibleName('Notifications');
  await florist.goto('/notifications');
  await expect(florist.getByText('There are no notifications in this event yet.')).toBeVisible();
  await growerContext.close();
  await floristContext.close();
});
