import { readFileSync } from 'node:fs';
import { emailedLink, expectAccessible, signIn } from './support';
import { type Browser, expect, type Locator, type Page, test } from './test';

type Person = { email: string; firstName: string; surname: string };
/** The event start-server.mjs made for this journey, with its organiser (an admin there). */
const world = (): { eventId: string; organiser: { email: string; password: string } } =>
  JSON.parse(readFileSync('.tmp/e2e-task-comments.json', 'utf8'));
const owner: Person = { email: 'isla.fraser@moorland-larder.example', firstName: 'Isla', surname: 'Fraser' };
const member: Person = { email: 'owen.hughes@moorland-larder.example', firstName: 'Owen', surname: 'Hughes' };
const PASSWORD = `Moor-${Math.random().toString(36).slice(2)}-2027`;

/** A new person follows the set-password link they were emailed, as they would from their inbox. */
async function setPassword(browser: Browser, person: Person) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(await emailedLink('seeded', person.email, '/auth/set-password'));
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: /set password|save password/i }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await context.close();
}

async function as(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  return page;
}

/** axe reads colours mid-transition as low contrast, so wait for the drawer to finish sliding in. */
async function settled(drawer: Locator) {
  await expect(drawer).toHaveCSS('opacity', '1');
  await expect(drawer).toHaveCSS('transform', 'matrix(1, 0, 0, 1, 0, 0)');
}

test('a team owner comments and mentions a member, who is emailed, likes and replies; a disclaimer is accepted', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { organiser } = world();

  // The organiser makes the team (both people already belong to the event) and two tasks.
  const admin = await as(browser, organiser.email, organiser.password);
  await admin.goto('/admin/teams/add-team');
  await admin.getByLabel(/^Team name/).fill('Moorland Larder');
  await admin.getByLabel(/^First name/).fill(owner.firstName);
  await admin.getByLabel(/^Surname/).fill(owner.surname);
  await admin.getByLabel(/^Email/).fill(owner.email);
  await admin.getByRole('button', { name: 'Add team' }).click();
  await expect(admin.getByRole('heading', { name: 'Moorland Larder' })).toBeVisible();
  await admin.getByRole('link', { name: 'Add team member' }).click();
  await admin.getByLabel(/^First name/).fill(member.firstName);
  await admin.getByLabel(/^Surname/).fill(member.surname);
  await admin.getByLabel(/^Email/).fill(member.email);
  await admin.getByRole('button', { name: 'Add team member' }).click();
  await expect(admin.getByRole('table', { name: 'Team members' })).toContainText('Owen Hughes');

  await admin.goto('/admin/tasks/add');
  await admin.getByLabel(/^Title/).fill('Confirm your stand layout');
  await admin.getByLabel(/^Due date/).fill('2099-06-01');
  await admin.getByRole('button', { name: 'Add task' }).click();
  await expect(admin).toHaveURL(/\/admin\/tasks$/);
  await admin.goto('/admin/tasks/add');
  await admin.getByLabel(/^Title/).fill('Food hygiene declaration');
  await admin.getByLabel(/^Due date/).fill('2099-05-01');
  await admin.getByRole('combobox', { name: 'Type', exact: true }).click();
  await admin.getByRole('option', { name: 'Disclaimer' }).click();
  await admin.getByLabel(/^Disclaimer/).fill('We hold a current food hygiene rating of 3 or above.');
  await admin.getByRole('button', { name: 'Add task' }).click();
  await expect(admin).toHaveURL(/\/admin\/tasks$/);

  await admin.goto('/admin/tasks/add');
  await admin.getByLabel(/^Title/).fill('Send your menu');
  await admin.getByLabel(/^Due date/).fill('2099-04-01');
  await admin.getByRole('combobox', { name: 'Type', exact: true }).click();
  await admin.getByRole('option', { name: 'Upload' }).click();
  await admin.getByRole('button', { name: 'Add task' }).click();
  await expect(admin).toHaveURL(/\/admin\/tasks$/);

  await setPassword(browser, owner);
  await setPassword(browser, member);

  // The owner opens the task, mentions the member through the suggestion list, and assigns them.
  const ownerPage = await as(browser, owner.email, PASSWORD);
  await ownerPage.goto('/tasks');
  await ownerPage.getByRole('link', { name: 'Confirm your stand layout' }).click();
  const drawer = ownerPage.getByRole('dialog', { name: 'Confirm your stand layout' });
  await settled(drawer);
  await expect(drawer.getByText('No comments yet.', { exact: false })).toBeVisible();
  const box = drawer.getByRole('textbox', { name: 'Add a comment' });
  await box.fill('Can you bring the floor plan, @Ow');
  await expect(ownerPage.getByRole('listbox', { name: 'Team members to mention' })).toBeVisible();
  await expectAccessible(ownerPage, 'mention suggestions');
  await box.press('Enter');
  await expect(box).toHaveValue('Can you bring the floor plan, @Owen Hughes ');
  await box.pressSequentially('please?');
  await drawer.getByRole('button', { name: 'Post comment' }).click();
  const comment = drawer.getByRole('article', { name: 'Comment by Isla Fraser' });
  await expect(comment).toContainText('Can you bring the floor plan, @Owen Hughes please?');
  await expect(box).toHaveValue('');
  await drawer.getByLabel('Assigned to').click();
  await ownerPage.getByRole('option', { name: 'Owen Hughes' }).click();
  // Close the member list by clicking away (Escape would also close the drawer).
  await drawer.getByRole('heading', { name: /^Comments/ }).click();
  await expect(drawer).toContainText('Owen Hughes');
  await expectAccessible(ownerPage, 'task drawer with a comment');
  await ownerPage.screenshot({ path: '/tmp/shots/task-comments-owner.png', fullPage: true });

  // The mention reached the member by email, with a link to the task.
  const link = await emailedLink('seeded', member.email, '/tasks/');
  const memberPage = await as(browser, member.email, PASSWORD);
  await memberPage.goto(new URL(link).pathname);
  const memberDrawer = memberPage.getByRole('dialog', { name: 'Confirm your stand layout' });
  await settled(memberDrawer);
  const seen = memberDrawer.getByRole('article', { name: 'Comment by Isla Fraser' });
  await expect(seen).toContainText('@Owen Hughes please?');
  // A member may not pin (the owner and organisers may), but likes and replies.
  await expect(seen.getByRole('button', { name: /^Pin/ })).toHaveCount(0);
  await seen.getByRole('button', { name: 'Like the comment by Isla Fraser (0 likes)' }).click();
  await expect(
    seen.getByRole('button', { name: 'Unlike the comment by Isla Fraser (1 likes)' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await seen.getByRole('button', { name: 'Reply to Isla Fraser' }).click();
  await memberDrawer
    .getByRole('textbox', { name: 'Reply to Isla Fraser' })
    .fill('On it, I will bring two copies.');
  await memberDrawer.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(seen.getByRole('article', { name: 'Reply by Owen Hughes' })).toContainText('two copies');
  await expectAccessible(memberPage, 'task drawer with a reply');
  await memberPage.screenshot({ path: '/tmp/shots/task-comments-member.png', fullPage: true });
  await memberPage.keyboard.press('Escape');

  // The list shows who is assigned and the comments; filters live in the URL.
  const line = memberPage.getByRole('region', { name: 'Unassigned' });
  await expect(line).toContainText('Assigned to Owen Hughes');
  await expect(line.getByRole('img', { name: '2 comments' })).toBeVisible();
  await memberPage.getByRole('combobox', { name: 'Type', exact: true }).selectOption('Disclaimer');
  await expect(memberPage).toHaveURL(/type=disclaimer/);
  await expect(memberPage.getByRole('link', { name: 'Confirm your stand layout' })).toHaveCount(0);
  await expectAccessible(memberPage, 'my tasks filtered');

  // The member accepts the disclaimer, which completes the task; who and when are kept.
  await memberPage.getByRole('link', { name: 'Food hygiene declaration' }).click();
  await expect(memberPage).toHaveURL(/\/tasks\/[0-9a-f-]+\?type=disclaimer$/);
  const disclaimer = memberPage.getByRole('dialog', { name: 'Food hygiene declaration' });
  await settled(disclaimer);
  await expect(disclaimer).toContainText('food hygiene rating of 3 or above');
  await disclaimer.getByRole('checkbox', { name: /I have read the disclaimer/ }).check();
  await disclaimer.getByRole('button', { name: 'Accept disclaimer' }).click();
  await expect(disclaimer).toContainText('Accepted by Owen Hughes');
  await expect(disclaimer.getByText('Complete', { exact: true }).first()).toBeVisible();
  await expectAccessible(memberPage, 'accepted disclaimer');

  // An upload task: the member hands in a file, which completes it, and can see it listed.
  await memberPage.goto('/tasks?type=upload');
  await memberPage.getByRole('link', { name: 'Send your menu' }).click();
  const uploadDrawer = memberPage.getByRole('dialog', { name: 'Send your menu' });
  await settled(uploadDrawer);
  await expect(uploadDrawer).toContainText('Nothing uploaded yet.');
  await uploadDrawer.locator('input[type=file]').setInputFiles({
    name: 'menu.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Oatcakes, Wensleydale, chutney.\n'),
  });
  await expect(uploadDrawer.getByRole('link', { name: 'menu.txt' })).toBeVisible();
  await expect(uploadDrawer.getByText('Complete', { exact: true }).first()).toBeVisible();
  await expectAccessible(memberPage, 'upload task');
  await memberPage.screenshot({ path: '/tmp/shots/task-upload.png', fullPage: true });

  // The organiser's side: the owner sees the thread back, including the member's reply.
  await ownerPage.goto(new URL(link).pathname);
  await expect(drawer.getByRole('article', { name: 'Reply by Owen Hughes' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Pin the comment by Isla Fraser' }).click();
  await expect(comment).toContainText('Pinned');

  // The organiser opens the team's row of the task (by keyboard), reads its comments and answers.
  await admin.goto('/admin/tasks');
  await admin
    .getByRole('table', { name: 'Tasks' })
    .getByRole('link', { name: 'Confirm your stand layout' })
    .click();
  const statuses = admin.getByRole('table', { name: 'Team statuses' });
  await expect(statuses).toContainText('Moorland Larder');
  await statuses.getByRole('button', { name: 'Open Moorland Larder' }).focus();
  await admin.keyboard.press('Enter');
  const teamDrawer = admin.getByRole('dialog', { name: 'Moorland Larder' });
  await settled(teamDrawer);
  await expect(teamDrawer).toContainText('Owen Hughes');
  const teamComment = teamDrawer.getByRole('article', { name: 'Comment by Isla Fraser' });
  await expect(teamComment).toContainText('Can you bring the floor plan, @Owen Hughes please?');
  await expect(teamComment.getByRole('article', { name: 'Reply by Owen Hughes' })).toContainText(
    'two copies',
  );
  await teamComment.getByRole('button', { name: 'Reply to Isla Fraser' }).click();
  await teamDrawer
    .getByRole('textbox', { name: 'Reply to Isla Fraser' })
    .fill('Thank you, the build-up desk has a copy too.');
  await teamDrawer.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(teamComment.getByRole('article', { name: 'Reply by Ellis Grant' })).toContainText(
    'build-up desk',
  );
  await expectAccessible(admin, "organiser's view of a team's task");
  await admin.screenshot({ path: '/tmp/shots/task-comments-organiser.png', fullPage: true });
  await admin.keyboard.press('Escape');
  await expect(teamDrawer).toBeHidden();

  // The team reads the organiser's answer in its own drawer.
  await ownerPage.reload();
  await expect(drawer.getByRole('article', { name: 'Reply by Ellis Grant' })).toContainText('build-up desk');
});
