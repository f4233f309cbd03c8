import { readFileSync } from 'node:fs';
import { expectAccessible, expectLoaded, signIn } from './support';
import { expect, test } from './test';

type CloneJourney = { eventId: string; admin: { email: string; password: string } };
const journey = (): CloneJourney => JSON.parse(readFileSync('.tmp/e2e-clone.json', 'utf8'));

test('next edition: an admin creates it from /admin/event, follows its progress and opens it', async ({
  page,
}) => {
  const { admin } = journey();
  await signIn(page, admin.email, admin.password);
  await page.goto('/admin/event');
  await expectLoaded(page);
  const section = page.getByRole('region', { name: 'Next edition' });
  await expect(section).toBeVisible();
  await section.getByRole('button', { name: 'Create next edition' }).click();

  const dialog = page.getByRole('dialog', { name: 'Create next edition' });
  await expect(dialog.getByLabel(/Name of the next edition/)).toHaveValue('Cliffside Food Market 2028');
  await expect(dialog.getByLabel(/Move dates by/)).toHaveValue('364');
  await expectAccessible(page, 'next edition dialog');
  // Bad input is refused in the spec's words, and nothing starts.
  await dialog.getByLabel(/Name of the next edition/).fill('   ');
  await dialog.getByRole('button', { name: 'Create next edition' }).click();
  await expect(dialog.getByText('Enter a name for the next edition')).toBeVisible();
  await dialog.getByLabel(/Name of the next edition/).fill('Cliffside Food Market 2028');
  await dialog.getByRole('button', { name: 'Create next edition' }).click();
  await expect(dialog).toBeHidden();

  // The job runs in the background; the section follows it until the new event is ready.
  const ready = section.getByRole('alert').filter({ hasText: 'Cliffside Food Market 2028 is ready' });
  await expect(ready).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'next edition ready');
  await ready.getByRole('button', { name: 'Open Cliffside Food Market 2028' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectLoaded(page);

  // The runner is admin of the copy: its settings carry the new name and the dates a year on.
  await page.goto('/admin/event');
  await expectLoaded(page);
  await expect(page.getByLabel('Event name')).toHaveValue('Cliffside Food Market 2028');
  await expect(page.getByLabel('Start date')).toHaveValue('2028-07-07');
  await page.goto('/my-events');
  await expectLoaded(page);
  await expect(page.getByRole('button', { name: 'Open Cliffside Food Market 2027' })).toBeVisible();
  await expectAccessible(page, 'my events with the next edition');
});
