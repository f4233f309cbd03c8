import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, seeded, signIn } from './support';

const openEvent = async (page: Page, name: string) => {
  await page.goto('/my-events');
  await page.getByRole('button', { name: `Open ${name}` }).click();
  await expect(page).toHaveURL(/\/$/);
};

test('team types, custom fields, a team with its owner, the team list, the team, and adding a member', async ({
  page,
}) => {
  const { admin } = seeded();
  await signIn(page, admin.email, admin.password);

  // Team types are admin only: the seeded admin is an admin in Harbourside.
  await openEvent(page, 'Harbourside Food & Drink Expo 2027');
  await page.goto('/admin');
  await page
    .getByRole('link', { name: /team types/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/team-types$/);
  await expect(page.getByText('There are no team types yet.')).toBeVisible();
  await expectAccessible(page, 'team types');
  await page.getByRole('link', { name: 'Add team type' }).first().click();
  await expectAccessible(page, 'add team type');
  await page.getByLabel(/^Name/).fill('Exhibitor');
  await page.getByRole('button', { name: 'Add team type' }).click();
  await expect(page).toHaveURL(/\/admin\/team-types$/);
  await expect(page.getByRole('link', { name: 'Exhibitor' })).toBeVisible();

  // A custom field, also admin only.
  await page.goto('/admin/custom-fields');
  await expect(page.getByText('There are no custom fields yet.')).toBeVisible();
  await expectAccessible(page, 'custom fields');
  await page.getByRole('link', { name: 'Add custom field' }).click();
  await expectAccessible(page, 'add custom field');
  await page.getByLabel(/^Label/).fill('Stand number');
  await page.getByRole('button', { name: 'Add custom field' }).click();
  await expect(page).toHaveURL(/\/admin\/custom-fields$/);
  await expect(page.getByRole('table', { name: 'Custom fields' })).toContainText('Stand number');

  // Teams add people, and admin-users.spec.ts (which may run at the same time) counts Harbourside's
  // people, so the teams are made in the second event, where the admin is a moderator.
  await openEvent(page, 'Northern Trade Show 2027');
  await page.goto('/admin/teams');
  await expect(page.getByText('There are no teams in this event yet.')).toBeVisible();
  await expectAccessible(page, 'teams (empty)');
  await page.getByRole('link', { name: 'Add team' }).first().click();
  await expect(page).toHaveURL(/\/admin\/teams\/add-team$/);
  await expectAccessible(page, 'add team');
  await page.getByLabel(/^Team name/).fill('Pennine Cheese Co');
  await page.getByLabel(/^First name/).fill('Harriet');
  await page.getByLabel(/^Surname/).fill('Dale');
  await page.getByLabel(/^Email/).fill('Harriet.Dale@pennine-cheese.example');
  await page.getByRole('button', { name: 'Add team' }).click();

  // The new team opens with its owner.
  await expect(page.getByRole('heading', { name: 'Pennine Cheese Co' })).toBeVisible();
  const members = page.getByRole('table', { name: 'Team members' });
  await expect(members.getByRole('row')).toHaveCount(2);
  await expect(members).toContainText('harriet.dale@pennine-cheese.example');
  await expect(members).toContainText('Team Owner');
  await expectAccessible(page, 'team');

  // It is in the list.
  await page.goto('/admin/teams');
  const list = page.getByRole('table', { name: 'Teams' });
  await expect(list.getByRole('row')).toHaveCount(2);
  await expect(list).toContainText('Pennine Cheese Co');
  await expect(list).toContainText('Harriet Dale');
  await expectAccessible(page, 'teams');
  await list.getByRole('link', { name: 'Pennine Cheese Co' }).click();

  // Add a member.
  await page.getByRole('link', { name: 'Add team member' }).click();
  await expect(page).toHaveURL(/\/add-team-member$/);
  await expectAccessible(page, 'add team member');
  await page.getByLabel(/^First name/).fill('Tom');
  await page.getByLabel(/^Surname/).fill('Ashworth');
  await page.getByLabel(/^Email/).fill('tom.ashworth@pennine-cheese.example');
  await page.getByRole('button', { name: 'Add team member' }).click();
  // The success banner clears itself after 3 s, so the journey checks the table instead.
  await expect(members.getByRole('row')).toHaveCount(3);
  await expect(members).toContainText('Tom Ashworth');
  await expect(members).toContainText('Team Member');
});
