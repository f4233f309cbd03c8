import { readFileSync } from 'node:fs';
import { expectAccessible, expectLoaded, signIn } from './support';
import { expect, test } from './test';

type Saltmarsh = {
  eventId: string;
  admin: { email: string; password: string };
  members: { weaver: { email: string; password: string; firstName: string; surname: string } };
};
const saltmarsh = (): Saltmarsh => JSON.parse(readFileSync('.tmp/e2e-live-screens.json', 'utf8'));

/** Well under any poll: only the event stream can bring the change this fast. */
const LIVE = { timeout: 10_000 };

test('a team completes a task and the organiser’s status table changes without a reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const { admin, members } = saltmarsh();
  const weaver = members.weaver;

  // The organiser makes a team that the weaver owns, and a task for every team.
  const streamOpen = page.waitForResponse((r) => r.url().endsWith('/stream') && r.status() === 200);
  await signIn(page, admin.email, admin.password);
  await streamOpen;
  await page.goto('/admin/teams/add-team');
  await page.getByLabel(/^Team name/).fill('Mensah Weaving');
  await page.getByLabel(/^First name/).fill(weaver.firstName);
  await page.getByLabel(/^Surname/).fill(weaver.surname);
  await page.getByLabel(/^Email/).fill(weaver.email);
  await page.getByRole('button', { name: 'Add team' }).click();
  await expect(page.getByRole('heading', { name: 'Mensah Weaving' })).toBeVisible();
  await page.goto('/admin/tasks/add');
  await page.getByLabel(/^Title/).fill('Send your stall photo');
  await page.getByLabel(/^Due date/).fill('2099-06-01');
  await page.getByRole('button', { name: 'Add task' }).click();
  await expect(page).toHaveURL(/\/admin\/tasks$/);

  // The organiser watches the task's team statuses, its event stream open since signing in.
  await page.getByRole('link', { name: 'Send your stall photo' }).click();
  const statuses = page.getByRole('table', { name: 'Team statuses' });
  const row = statuses.getByRole('row').filter({ hasText: 'Mensah Weaving' });
  await expect(row).toContainText('Incomplete');
  await expectAccessible(page, 'team statuses before the team acts');

  // In another browser, the weaver opens the task from the team's tasks and completes it.
  const weaverContext = await browser.newContext();
  const tab = await weaverContext.newPage();
  await signIn(tab, weaver.email, weaver.password);
  await tab.goto('/tasks');
  await expectLoaded(tab);
  await tab.getByRole('link', { name: 'Send your stall photo' }).click();
  const drawer = tab.getByRole('dialog', { name: 'Send your stall photo' });
  await expect(drawer).toHaveCSS('opacity', '1');
  await expect(drawer).toHaveCSS('transform', 'matrix(1, 0, 0, 1, 0, 0)');
  await expectAccessible(tab, 'the team’s task drawer');
  await drawer.getByRole('button', { name: 'Mark Send your stall photo complete' }).click();
  await expect(drawer.getByRole('button', { name: 'Mark Send your stall photo incomplete' })).toBeVisible();

  // No reload: the organiser's table shows the team's completion.
  await expect(row).not.toContainText('Incomplete', LIVE);
  await expect(row).toContainText('Complete');
  await expect(row).toContainText(`by ${weaver.firstName} ${weaver.surname}`);
  await expectAccessible(page, 'team statuses after the team completed the task');
  await page.screenshot({ path: '/tmp/shots/live-team-statuses.png', fullPage: true });
  await weaverContext.close();
});
