import { readFileSync } from 'node:fs';
import { expectAccessible, signIn } from './support';
import { expect, test } from './test';

type SignIn = { email: string; password: string; permissions: string };
/** The demo event e2e/start-server.mjs seeded (`seed --demo`), with its sign-ins. */
const demo = (): { signIns: SignIn[] } => JSON.parse(readFileSync('.tmp/e2e-reports.json', 'utf8'));

test('a task listed on a content page opens over the page, and closing it goes back to the page', async ({
  page,
}) => {
  const member = demo().signIns.find((s) => s.permissions === 'user');
  if (!member) throw new Error('the demo has no team user');
  await signIn(page, member.email, member.password);

  await page.getByRole('navigation').getByRole('link', { name: 'Exhibitor manual' }).click();
  await expect(page).toHaveURL(/\/content\/[0-9a-f-]{36}$/);
  const pageUrl = page.url();
  const tasks = page.getByRole('region', { name: 'Before you arrive' });
  const first = tasks.getByRole('link').first();
  const title = (await first.textContent()) ?? '';
  expect(title).not.toBe('');
  await first.click();

  // Spec route table: /content/{contentId}/task/{taskId}, the task shown inside the content page.
  await expect(page).toHaveURL(new RegExp(`^${pageUrl}/task/[0-9a-f-]{36}$`));
  const drawer = page.getByRole('dialog', { name: title });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('Comments (')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Exhibitor manual' })).toBeAttached();
  await expectAccessible(page, 'a task over its content page');

  await drawer.getByRole('button', { name: 'Close the task' }).click();
  await expect(page).toHaveURL(pageUrl);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Exhibitor manual' })).toBeVisible();
});
