import { readFileSync } from 'node:fs';
import { expectAccessible, expectLoaded, signIn } from './support';
import { type Browser, expect, type Page, test } from './test';

type Person = { email: string; password: string; firstName: string; surname: string };
/** The event start-server.mjs made for this journey: its organiser, a future owner and member. */
const world = (): {
  eventId: string;
  admin: { email: string; password: string };
  members: Record<'owner' | 'member', Person>;
} => JSON.parse(readFileSync('.tmp/e2e-member-areas.json', 'utf8'));

async function as(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  return page;
}

test('a team owner closes the suppliers area to a member, who no longer sees it and gets the 403 screen', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { admin: organiser, members } = world();
  const { owner, member } = members;

  // The organiser makes the team; both people already belong to the event.
  const admin = await as(browser, organiser.email, organiser.password);
  await admin.goto('/admin/teams/add-team');
  await admin.getByLabel(/^Team name/).fill('Talbot Turning');
  await admin.getByLabel(/^First name/).fill(owner.firstName);
  await admin.getByLabel(/^Surname/).fill(owner.surname);
  await admin.getByLabel(/^Email/).fill(owner.email);
  await admin.getByRole('button', { name: 'Add team' }).click();
  await expect(admin.getByRole('heading', { name: 'Talbot Turning' })).toBeVisible();
  await admin.getByRole('link', { name: 'Add team member' }).click();
  await admin.getByLabel(/^First name/).fill(member.firstName);
  await admin.getByLabel(/^Surname/).fill(member.surname);
  await admin.getByLabel(/^Email/).fill(member.email);
  await admin.getByRole('button', { name: 'Add team member' }).click();
  await expect(admin.getByRole('table', { name: 'Team members' })).toContainText('Elin Rhys');
  await admin.context().close();

  // Before anything is chosen, the member sees Suppliers.
  const before = await as(browser, member.email, member.password);
  await before.goto('/');
  await expectLoaded(before);
  await expect(before.getByRole('navigation').getByRole('link', { name: 'Suppliers' })).toBeVisible();
  await before.context().close();

  // The owner opens the member's areas on /my-team and unticks Suppliers.
  const ownerPage = await as(browser, owner.email, owner.password);
  await ownerPage.goto('/my-team');
  await expectLoaded(ownerPage);
  await ownerPage.getByRole('button', { name: 'Areas of Elin Rhys' }).click();
  const dialog = ownerPage.getByRole('dialog', { name: 'Areas Elin Rhys may open' });
  await expect(dialog.getByRole('checkbox', { name: 'Suppliers' })).toBeChecked();
  await expectAccessible(ownerPage, 'member areas dialog');
  await dialog.getByRole('checkbox', { name: 'Suppliers' }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(ownerPage.getByRole('button', { name: 'Areas of Elin Rhys' })).toContainText('1 closed');
  await ownerPage.context().close();

  // The member: no Suppliers in the sidebar, and the 403 screen at the address itself.
  const page = await as(browser, member.email, member.password);
  await page.goto('/');
  await expectLoaded(page);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Downloads' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Suppliers' })).toHaveCount(0);
  await page.goto('/suppliers');
  await expect(page.getByRole('heading', { name: '403 Forbidden' })).toBeVisible();
  await expect(page).toHaveURL(/\/suppliers$/);
  await expectAccessible(page, '403 screen');
  // The server refuses the directory too.
  const res = await page.request.get(`/api/events/${world().eventId}/supplier-directory`);
  expect(res.status()).toBe(403);
});
