import { expectAccessible, seeded, signIn } from './support';
import { expect, type Page, test } from './test';

const EVENT = 'Harbourside Food & Drink Expo 2027';

async function save(page: Page, index = 0) {
  await page.getByRole('button', { name: 'Save' }).nth(index).click();
  await expect(page.getByText('Your updates have been successfully saved')).toBeVisible();
}

/**
 * Other journeys share this seeded event, so what this one changes (colour, terminology, long
 * name) is put back at the end, and nothing that redirects a sign-in (onboarding) is switched on.
 */
test('settings: branding, terminology and the event name show at once; every screen is accessible', async ({
  page,
}) => {
  const { admin, eventId } = seeded();
  await signIn(page, admin.email, admin.password);
  // A failure halfway must not leave other journeys a renamed menu or a yellow header.
  const settings = (name: string) => `/api/events/${eventId}/settings/${name}`;
  const before = await Promise.all(
    ['branding', 'terminology', 'event'].map(async (name) => (await page.request.get(settings(name))).json()),
  );
  try {
    await journey(page);
  } finally {
    const [branding, terminology, event] = before.map((b) => b.settings);
    await page.request.put(settings('branding'), { data: { navBgColor: branding.navBgColor } });
    await page.request.put(settings('terminology'), { data: terminology });
    await page.request.put(settings('event'), { data: { longName: event.longName } });
  }
});

async function journey(page: Page) {
  await page.goto('/my-events');
  await page.getByRole('button', { name: `Open ${EVENT}` }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/admin');
  const general = page.getByRole('region', { name: 'General settings' });
  for (const card of ['Event', 'Variables', 'Branding', 'Emails', 'Onboarding']) {
    await expect(general.getByRole('link', { name: new RegExp(`^${card}`) })).toBeVisible();
  }

  // Branding: a light colour turns the header's text dark.
  await general.getByRole('link', { name: /^Branding/ }).click();
  await expect(page).toHaveURL(/\/admin\/branding$/);
  await expectAccessible(page, 'branding');
  const header = page.locator('header');
  const colour = page.getByRole('textbox', { name: /^Navigation colour/ });
  const original = await colour.inputValue();
  await colour.fill('#ffeb3b');
  await expect(page.getByTestId('nav-preview')).toHaveAttribute('data-nav-theme', 'light');
  await save(page);
  await expect(header).toHaveCSS('background-color', 'rgb(255, 235, 59)');
  await expect(header).toHaveAttribute('data-nav-theme', 'light');
  await colour.fill(original);
  await save(page);
  await expect(header).toHaveAttribute('data-nav-theme', 'dark');

  // Terminology: the sidebar and the breadcrumbs rename 'Dashboard' as soon as it is saved.
  await page.goto('/admin/variables');
  await expectAccessible(page, 'variables');
  const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  const dashboard = page.getByRole('textbox', { name: 'Dashboard' });
  await dashboard.fill('Home');
  await save(page, 1);
  await expect(sidebar.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(breadcrumb.getByRole('link', { name: 'Home' })).toBeVisible();
  await dashboard.fill('Dashboard');
  await save(page, 1);
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toBeVisible();

  // The long name shows on My events (the event name itself stays: other journeys look for it).
  await page.goto('/admin/event');
  await expectAccessible(page, 'event settings');
  const longName = page.getByRole('textbox', { name: 'Long name' });
  const originalLongName = await longName.inputValue();
  await longName.fill('Harbourside Food & Drink Expo — the harbour feast');
  await save(page);
  await page.goto('/my-events');
  await expect(page.getByText('Harbourside Food & Drink Expo — the harbour feast')).toBeVisible();
  await page.goto('/admin/event');
  await page.getByRole('textbox', { name: 'Long name' }).fill(originalLongName);
  await save(page);

  for (const [path, name] of [
    ['/admin/emails', 'emails'],
    ['/admin/onboarding', 'onboarding settings'],
    ['/onboarding', 'welcome screen'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, name);
  }
}
