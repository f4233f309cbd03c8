import { mkdirSync } from 'node:fs';
import { expectAccessible, seeded, signIn } from './support';
import { expect, type Page, test } from './test';

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
  await expect(page.getByText('There are no task groups in this event yet.')).toBeVisible();
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
  // The description is rich text: part of it typed in bold with the keyboard shortcut.
  await page.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type('A PNG of at least ');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('1000 pixels');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('.');
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
  await page.getByRole('tab', { name: 'Task details' }).click();
  await expect(page.getByLabel(/^Due date/)).toHaveValue('2026-01-15');
  await expectAccessible(page, 'edit task');
  // An edit, then the task's History tab (admins) shows the change.
  await page.getByLabel('External link').fill('https://brand.example/logo-guide');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/tasks$/);
  await list.getByRole('link', { name: 'Send your logo' }).click();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('table', { name: 'History' })).toContainText(
    'https://brand.example/logo-guide',
  );
  await expectAccessible(page, 'task history');

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
  await expect(drawer.locator('strong', { hasText: '1000 pixels' })).toBeVisible();
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

const confirmWith = async (page: Page, action: string) => {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel("Type 'CONFIRM' to continue").fill('CONFIRM');
  await dialog.getByRole('button', { name: action }).click();
  await expect(dialog).toBeHidden();
};

test("an admin orders a group's tasks, sets teams' statuses in bulk, and archives, restores and deletes", async ({
  page,
}) => {
  mkdirSync('/tmp/shots', { recursive: true });
  const { admin, users } = seeded();
  await signIn(page, admin.email, admin.password);
  await openEvent(page, 'Harbourside Food & Drink Expo 2027');

  // A team of an existing person (no new account in Harbourside), so the task has a team to show.
  await page.goto('/admin/teams/add-team');
  await page.getByLabel(/^Team name/).fill('Quayside Stand Builders');
  await page.getByLabel(/^First name/).fill('Marcus');
  await page.getByLabel(/^Surname/).fill('Adeyemi');
  await page.getByLabel(/^Email/).fill(users.moderator.email);
  await page.getByRole('button', { name: 'Add team' }).click();
  await expect(page.getByRole('heading', { name: 'Quayside Stand Builders' })).toBeVisible();

  await page.goto('/admin/task-groups/add');
  await page.getByLabel(/^Title/).fill('Build-up week');
  await page.getByRole('button', { name: 'Add task group' }).click();
  await expect(page.getByRole('table', { name: 'Task groups' })).toContainText('Build-up week');

  // Three tasks of different types in the group.
  const addTask = async (title: string, type: string, extra: (page: Page) => Promise<void>) => {
    await page.goto('/admin/tasks/add');
    await page.getByLabel(/^Title/).fill(title);
    await page.getByLabel(/^Due date/).fill('2099-06-01');
    await page.getByRole('combobox', { name: 'Type', exact: true }).click();
    await page.getByRole('option', { name: type, exact: true }).click();
    await extra(page);
    await page.getByRole('combobox', { name: 'Group' }).click();
    await page.getByRole('option', { name: 'Build-up week' }).click();
    await page.getByRole('button', { name: 'Add task' }).click();
    await expect(page).toHaveURL(/\/admin\/tasks$/);
  };
  await addTask('Upload your stand plan', 'Upload', async () => {});
  await addTask('Accept the build-up rules', 'Disclaimer', async (p) => {
    await p.getByLabel(/^Disclaimer/).fill('We will finish building by 18:00 the day before.');
  });
  await addTask('Book a forklift', 'External form', async (p) => {
    await p.getByLabel(/^External link/).fill('https://forms.example.com/forklift');
  });

  // Filters: all three are not yet due soon; none is overdue.
  const list = page.getByRole('table', { name: 'Tasks' });
  await page.getByRole('combobox', { name: 'Group' }).click();
  await page.getByRole('option', { name: 'Build-up week' }).click();
  await expect(list.getByRole('row')).toHaveCount(4);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Overdue' }).click();
  await expect(page.getByText('No tasks match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  // Urgency (spec filter): none of them is time sensitive.
  await page.getByRole('combobox', { name: 'Urgency' }).click();
  await page.getByRole('option', { name: 'Time sensitive', exact: true }).click();
  await expect(page).toHaveURL(/urgency=timeSensitive/);
  await expect(page.getByText('No tasks match these filters.')).toBeVisible();
  await expectAccessible(page, 'tasks filtered by urgency');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  // Task id (spec filter): a half-pasted id is refused on the screen; the whole id finds its task.
  const forkliftHref = await list.getByRole('link', { name: 'Book a forklift' }).getAttribute('href');
  const forkliftId = forkliftHref?.split('/').pop() ?? '';
  const taskIdBox = page.getByRole('textbox', { name: 'Task id' });
  await taskIdBox.fill(forkliftId.slice(0, 20));
  await taskIdBox.press('Enter');
  await expect(page.getByText("Enter a whole task id, as in the task's address")).toBeVisible();
  await expect(page).not.toHaveURL(/taskId=/);
  await taskIdBox.fill(forkliftId);
  await taskIdBox.press('Enter');
  await expect(page).toHaveURL(new RegExp(`taskId=${forkliftId}`));
  await expect(list.getByRole('row')).toHaveCount(2);
  await expect(list).toContainText('Book a forklift');
  await expectAccessible(page, 'tasks filtered by task id');
  await taskIdBox.fill('');
  await taskIdBox.press('Enter');
  await expect(page).not.toHaveURL(/taskId=/);
  await expect(list.getByRole('row')).not.toHaveCount(2);

  // The group's order: the upload came first; move it down one place.
  await page.goto('/admin/task-groups');
  await page.getByRole('link', { name: 'Build-up week' }).click();
  const order = page.getByRole('list', { name: 'Tasks of this group in order' });
  await expect(order.getByRole('listitem')).toHaveCount(3);
  await expect(order.getByRole('listitem').first()).toContainText('Upload your stand plan');
  await page.getByRole('button', { name: 'Move Upload your stand plan down' }).click();
  await expect(order.getByRole('listitem').first()).toContainText('Accept the build-up rules');
  await expect(order.getByRole('listitem').nth(1)).toContainText('Upload your stand plan');
  await expectAccessible(page, 'task group with its order');
  await page.screenshot({ path: '/tmp/shots/task-group-order.png', fullPage: true });

  // Every team's status of one task, and a bulk change.
  await page.goto('/admin/tasks');
  await page.getByRole('link', { name: 'Book a forklift' }).click();
  const statuses = page.getByRole('table', { name: 'Team statuses' });
  const row = statuses.getByRole('row').filter({ hasText: 'Quayside Stand Builders' });
  await expect(row).toContainText('Incomplete');
  await expect(row).toContainText('No change yet');
  await expectAccessible(page, 'team statuses');
  await row.getByRole('checkbox', { name: 'Select row' }).check();
  await page
    .getByRole('toolbar', { name: 'Bulk actions' })
    .getByRole('button', { name: 'Set Complete' })
    .click();
  await confirmWith(page, 'Set Complete');
  await expect(page.getByText('1 team(s) set to Complete')).toBeVisible();
  await expect(row).toContainText('Complete');
  await expect(row).toContainText('by Olivia Bennett');
  await page.getByRole('combobox', { name: 'Status', exact: true }).click();
  await page.getByRole('option', { name: 'Complete', exact: true }).click();
  await expect(statuses.getByRole('row')).toHaveCount(2);
  // User action status (spec filter): the task needs no approval, so no team awaits one.
  await page.getByRole('combobox', { name: 'User action status' }).click();
  await page.getByRole('option', { name: 'Awaiting approval', exact: true }).click();
  await expect(page).toHaveURL(/actionStatus=pending/);
  await expect(page.getByText('No teams match these filters.')).toBeVisible();
  await expectAccessible(page, 'team statuses filtered by user action status');
  await page.getByRole('combobox', { name: 'User action status' }).click();
  await page.getByRole('option', { name: 'Awaiting approval', exact: true }).click();
  await expect(statuses.getByRole('row')).toHaveCount(2);
  await page.screenshot({ path: '/tmp/shots/task-team-statuses.png', fullPage: true });

  // Archive the task, find it on the archived screen, restore it, archive again and delete it.
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unarchive', exact: true })).toBeVisible();
  await page.goto('/admin/tasks/archived');
  const archived = page.getByRole('table', { name: 'Archived tasks' });
  await expect(archived).toContainText('Book a forklift');
  // The area's shortcuts count it: Archived Tasks is this page and no longer disabled.
  const shortcuts = page.getByRole('navigation', { name: 'Tasks shortcuts' });
  await expect(shortcuts.getByRole('link', { name: /^Archived Tasks/ })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(shortcuts.getByRole('link', { name: /^Archived Tasks/ })).toContainText('1');
  await expectAccessible(page, 'archived tasks');
  await page.screenshot({ path: '/tmp/shots/archived-tasks.png', fullPage: true });
  await archived.getByRole('button', { name: 'Unarchive Book a forklift' }).click();
  await expect(page.getByText('There are no archived tasks in this event yet.')).toBeVisible();
  await page.goto('/admin/tasks');
  await page.getByRole('link', { name: 'Book a forklift' }).click();
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unarchive', exact: true })).toBeVisible();
  await page.goto('/admin/tasks/archived');
  await archived.getByRole('button', { name: 'Delete Book a forklift' }).click();
  await confirmWith(page, 'Delete');
  await expect(page.getByText('There are no archived tasks in this event yet.')).toBeVisible();
  await expect(shortcuts.getByRole('button', { name: /^Archived Tasks/ })).toBeDisabled();

  // Archiving a group empties it; the archived screen restores it, empty.
  await page.goto('/admin/task-groups');
  await page.getByRole('button', { name: 'Archive Build-up week' }).click();
  await confirmWith(page, 'Archive');
  await expect(page.getByRole('link', { name: 'Build-up week' })).toBeHidden();
  await page.getByRole('link', { name: 'Archived task groups' }).first().click();
  await expect(page).toHaveURL(/\/admin\/task-groups\/archived$/);
  const archivedGroups = page.getByRole('table', { name: 'Archived task groups' });
  await expect(archivedGroups.getByRole('row').filter({ hasText: 'Build-up week' })).toContainText('0');
  await expectAccessible(page, 'archived task groups');
  await archivedGroups.getByRole('button', { name: 'Unarchive Build-up week' }).click();
  await confirmWith(page, 'Unarchive');
  await expect(page.getByText('There are no archived task groups in this event yet.')).toBeVisible();
});
