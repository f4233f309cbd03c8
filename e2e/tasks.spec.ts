import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, seeded, signIn } from './support';

const openEvent = async (page: Page, name: string) => {
  await page.goto('/my-events');
  await page.getByRole('button', { name: `Open ${name}` }).click();
  await expect(page).toHaveURL(/\/$/);
};

test('an admin makes a task group and tasks, finds them by due date, and a team opens one in the drawer', async ({
  page,
}) => {
  const { admin } = seeded();
  await signIn(page, admin.email, admin.password);
  await openEvent(page, 'Harbourside Food & Drink Expo 2027');

  // A task group, from the admin hub's Tasks cards.
  await page.goto('/admin');
  await page
    .getByRole('region', { name: 'Tasks' })
    .getByRole('link', { name: /Task groups/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/task-groups$/);
  await expect(page.getByText('There are no task groups yet.')).toBeVisible();
  await expectAccessible(page, 'task groups (empty)');
  await page.getByRole('link', { name: 'Add task group' }).first().click();
  await expectAccessible(page, 'add task group');
  await page.getByLabel(/^Title/).fill('Before the show');
  await page.getByRole('button', { name: 'Add task group' }).click();
  await expect(page).toHaveURL(/\/admin\/task-groups$/);
  await expect(page.getByRole('table', { name: 'Task groups' })).toContainText('Before the show');
  await expectAccessible(page, 'task groups');

  // Two tasks: one in the group, overdue and needing approval; one later in no group.
  await page.goto('/admin/tasks');
  await expect(page.getByText('There are no tasks in this event yet.')).toBeVisible();
  await expectAccessible(page, 'tasks (empty)');
  await page.getByRole('link', { name: 'Add task' }).first().click();
  await expect(page).toHaveURL(/\/admin\/tasks\/add$/);
  await expectAccessible(page, 'add task');
  await page.getByLabel(/^Title/).fill('Book stand power');
  await page.getByLabel(/^Due date/).fill('2099-05-01');
  await page.getByRole('button', { name: 'Add task' }).click();
  await expect(page).toHaveURL(/\/admin\/tasks$/);

  await page.getByRole('link', { name: 'Add task' }).first().click();
  await page.getByLabel(/^Title/).fill('Send your logo');
  await page.getByLabel(/^Due date/).fill('2026-01-15');
  await page.getByLabel(/^Description/).fill('A PNG of at least 1000 pixels.');
  await page.getByRole('combobox', { name: 'Group' }).click();
  await page.getByRole('option', { name: 'Before the show' }).click();
  await page.getByRole('checkbox', { name: 'Approval needed' }).check();
  await page.getByRole('button', { name: 'Add task' }).click();
  await expect(page).toHaveURL(/\/admin\/tasks$/);

  // The list is by due date: the overdue task first.
  const list = page.getByRole('table', { name: 'Tasks' });
  await expect(list.getByRole('row')).toHaveCount(3);
  await expect(list.getByRole('row').nth(1)).toContainText('Send your logo');
  await expect(list.getByRole('row').nth(1)).toContainText('Before the show');
  await expect(list.getByRole('row').nth(2)).toContainText('Book stand power');
  await expectAccessible(page, 'tasks');
  await list.getByRole('link', { name: 'Send your logo' }).click();
  await expect(page.getByRole('heading', { name: 'Send your logo' })).toBeVisible();
  await expect(page.getByLabel(/^Due date/)).toHaveValue('2026-01-15');
  await expectAccessible(page, 'edit task');

  // The admin takes a team of their own (no new person: they are already in the event) to see the team side.
  await page.goto('/admin/teams/add-team');
  await page.getByLabel(/^Team name/).fill('Harbourside Organisers');
  await page.getByLabel(/^First name/).fill('Event');
  await page.getByLabel(/^Surname/).fill('Admin');
  await page.getByLabel(/^Email/).fill(admin.email);
  await page.getByRole('button', { name: 'Add team' }).click();
  await expect(page.getByRole('heading', { name: 'Harbourside Organisers' })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Tasks' })
    .click();
  await expect(page).toHaveURL(/\/tasks$/);
  const group = page.getByRole('region', { name: 'Before the show' });
  await expect(group).toContainText('Overdue');
  await expect(page.getByRole('region', { name: 'Unassigned' })).toContainText('Book stand power');
  await expectAccessible(page, 'my tasks');

  // The task opens in a drawer over the list; completing it awaits approval.
  await group.getByRole('link', { name: 'Send your logo' }).click();
  await expect(page).toHaveURL(/\/tasks\/[0-9a-f-]+$/);
  const drawer = page.getByRole('dialog', { name: 'Send your logo' });
  await expect(drawer).toContainText('A PNG of at least 1000 pixels.');
  // axe reads colours mid-transition as low contrast, so wait for the drawer to finish sliding in.
  await expect(drawer).toHaveCSS('opacity', '1');
  await expect(drawer).toHaveCSS('transform', 'matrix(1, 0, 0, 1, 0, 0)');
  await expectAccessible(page, 'task drawer');
  await drawer.getByRole('button', { name: 'Mark Send your logo complete' }).click();
  await expect(drawer).toContainText('Awaiting approval');
  await expect(drawer).toContainText('Complete');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(group).toContainText('Awaiting approval');
});
