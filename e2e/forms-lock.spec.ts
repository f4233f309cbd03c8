import type { Page } from '@playwright/test';
import { expectAccessible, seeded, signIn } from './support';
import { expect, test } from './test';

/** Well under the one-minute fallback poll and the five-minute expiry: only the stream is this fast. */
const LIVE = { timeout: 10_000 };
const streamOpened = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/stream') && r.status() === 200);

test('a second organiser meets the edit lock: a read-only builder naming the holder, then takes it once released', async ({
  page,
  browser,
}) => {
  const { admin, users } = seeded();
  const title = `Exhibitor profile ${Date.now()}`;
  await signIn(page, admin.email, admin.password);
  await page.goto('/my-events');
  await page.getByRole('button', { name: 'Open Harbourside Food & Drink Expo 2027' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin/forms/add');
  await page.getByLabel(/^Title/).fill(title);
  await page.getByRole('button', { name: 'Add form' }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  // Olivia holds the lock: the builder is hers to change.
  const oliviaPalette = page.getByRole('navigation', { name: 'Field types' });
  await expect(oliviaPalette.getByRole('button', { name: 'Email', exact: true })).toBeEnabled();
  const formUrl = page.url();

  // Marcus opens the same form in his own browser: read only, and he is told who is editing.
  const marcusContext = await browser.newContext();
  const marcus = await marcusContext.newPage();
  await signIn(marcus, users.moderator.email, users.moderator.password);
  // Opening the address loads the app again: its event stream must be open before Olivia leaves.
  const marcusStream = streamOpened(marcus);
  await marcus.goto(formUrl);
  await marcusStream;
  await expect(marcus.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(marcus.getByText('Olivia Bennett is editing this form.')).toBeVisible();
  await expect(
    marcus
      .getByRole('navigation', { name: 'Field types' })
      .getByRole('button', { name: 'Email', exact: true }),
  ).toBeDisabled();
  await expect(marcus.getByRole('button', { name: 'Move Short Text' })).toHaveCount(0);
  await expect(marcus.getByRole('button', { name: 'Delete Short Text' })).toHaveCount(0);
  await expect(marcus.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await marcus.getByRole('button', { name: 'Select Short Text' }).click();
  await expect(
    marcus.getByRole('region', { name: 'Field settings' }).getByLabel('Label', { exact: true }),
  ).toBeDisabled();
  await expectAccessible(marcus, 'read-only builder');

  // While Marcus waits, Olivia adds an Email question and saves it.
  await oliviaPalette.getByRole('button', { name: 'Email', exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your updates have been successfully saved')).toBeVisible();

  // Olivia goes back to the list, which releases the lock. Marcus's builder hears it on the event
  // stream and takes the lock over: no reload, and far sooner than any poll (a minute) would. It
  // starts again from the form as stored, so Olivia's question is there and his save keeps it.
  await page.getByRole('main').getByRole('link', { name: 'Forms', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/forms$/);
  await expect(marcus.getByText('Olivia Bennett is editing this form.')).toBeHidden(LIVE);
  const marcusEmail = marcus
    .getByRole('navigation', { name: 'Field types' })
    .getByRole('button', { name: 'Email', exact: true });
  await expect(marcusEmail).toBeEnabled(LIVE);
  await expect(marcus.getByRole('button', { name: 'Select Email' })).toHaveCount(1);
  await marcusEmail.click();
  await marcus.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(marcus.getByText('Your updates have been successfully saved')).toBeVisible();

  // Now Olivia is the one who waits; when Marcus leaves, her open builder becomes hers, live too.
  const oliviaStream = streamOpened(page);
  await page.goto(formUrl);
  await oliviaStream;
  await expect(page.getByText('Marcus Adeyemi is editing this form.')).toBeVisible();
  // Both questions are stored: Olivia's and the one Marcus added after taking over.
  await expect(page.getByRole('button', { name: 'Select Email' })).toHaveCount(2);
  await expect(oliviaPalette.getByRole('button', { name: 'Email', exact: true })).toBeDisabled();
  await marcus.getByRole('main').getByRole('link', { name: 'Forms', exact: true }).click();
  await expect(marcus).toHaveURL(/\/admin\/forms$/);
  await expect(page.getByText('Marcus Adeyemi is editing this form.')).toBeHidden(LIVE);
  await expect(oliviaPalette.getByRole('button', { name: 'Email', exact: true })).toBeEnabled(LIVE);
  await expectAccessible(page, 'builder taken over without a reload');
  await marcusContext.close();
});
