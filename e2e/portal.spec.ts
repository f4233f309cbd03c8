import { mkdirSync, readFileSync } from 'node:fs';
import { expectAccessible, signIn } from './support';
import { expect, type Page, test } from './test';

type Lakeside = {
  eventId: string;
  admin: { email: string; password: string };
  members: Record<'maker' | 'trader', { email: string; password: string }>;
};
/** The portal's own event (e2e/start-server.mjs), so rearranging its sidebar moves nobody else's. */
const lakeside = (): Lakeside => JSON.parse(readFileSync('.tmp/e2e-portal.json', 'utf8'));
const shot = async (page: Page, name: string) => {
  mkdirSync('/tmp/shots', { recursive: true });
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
};
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAfUlEQVRoge2SwQ0AQRCCrIiH/V3vVwaZrAkFgDF8PU10AxZQfUV2od4lugELqL4iu1DvEt2ABVRfkV2od4luwAKqr8gu1LtEN2AB1VdkF+pdohuwgOorsgv1LtENWED1FdmFepfoBiyg+orsQr1LdAMWUH1FdqHeJboBjwf8kGVclxuRLosAAAAASUVORK5CYII=',
  'base64',
);
const sidebarLinks = (page: Page) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link');

test("an admin rearranges the sidebar by keyboard and a member's sidebar follows", async ({
  page,
  browser,
}) => {
  const { admin, members } = lakeside();
  await signIn(page, admin.email, admin.password);
  await page.goto('/admin');
  await page.getByRole('link', { name: /^Sidebar/ }).click();
  await expect(page).toHaveURL(/\/admin\/sidebar$/);
  await expect(page.getByRole('heading', { name: 'Sidebar', level: 1 })).toBeVisible();
  await expectAccessible(page, 'sidebar editor');

  // Tasks to the top of the first section: lift with Space, four steps up, drop with Space. Each
  // key waits for dnd-kit's announcement of the step before it: a key pressed before the list has
  // measured the last move is measured from the old place and the step is lost (Tasks lands second).
  const announced = () =>
    page
      .locator('[id^="DndLiveRegion"]')
      .allTextContents()
      .then((t) => t.join(' '));
  await page.getByRole('button', { name: 'Move Tasks', exact: true }).focus();
  await page.keyboard.press('Space');
  // Lifting announces the item over its own place, then each step the item it moved over.
  await expect.poll(announced).toContain('Draggable item tasks was moved over droppable area tasks.');
  for (const over of ['suppliers', 'forms', 'downloads', 'dashboard']) {
    await page.keyboard.press('ArrowUp');
    await expect.poll(announced).toContain(`Draggable item tasks was moved over droppable area ${over}.`);
  }
  await page.keyboard.press('Space');
  const items = page.getByTestId('sidebar-item');
  await expect(items.first()).toContainText('Tasks');
  await page.getByLabel('Heading').first().fill('Your portal');

  // A second, collapsable section takes Downloads.
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.getByLabel('Heading').nth(1).fill('Files');
  await page.getByRole('switch', { name: 'Collapsable' }).nth(1).check();
  await page.getByRole('button', { name: 'Remove Downloads from Your portal' }).click();
  await page.getByRole('combobox', { name: 'Add a page to Files' }).click();
  await page.getByRole('option', { name: /^Downloads/ }).click();
  await page.getByRole('button', { name: 'Save sidebar' }).click();
  await expect(page.getByText('Your updates have been successfully saved')).toBeVisible();
  await shot(page, 'portal-sidebar-editor');

  // The admin's own sidebar follows at once.
  await expect(sidebarLinks(page).first()).toHaveText('Tasks');

  // So does a member's.
  const context = await browser.newContext();
  const member = await context.newPage();
  await signIn(member, members.maker.email, members.maker.password);
  const nav = member.getByRole('navigation', { name: 'Main navigation' });
  await expect(sidebarLinks(member).first()).toHaveText('Tasks');
  await expect(sidebarLinks(member).nth(1)).toHaveText('Dashboard');
  const files = nav.getByRole('region', { name: 'Files' });
  await expect(files.getByRole('link', { name: 'Downloads' })).toBeVisible();
  await files.getByRole('button', { name: 'Files' }).click();
  await expect(files.getByRole('button', { name: 'Files' })).toHaveAttribute('aria-expanded', 'false');
  await expect(files.getByRole('link', { name: 'Downloads' })).toBeHidden();
  await expectAccessible(member, 'member dashboard with the new sidebar');
  await context.close();
});

test('an admin picks four featured pages and a member sees them on the dashboard', async ({
  page,
  browser,
}) => {
  const { eventId, admin, members } = lakeside();
  await signIn(page, admin.email, admin.password);
  // The pages themselves are the content journey's subject; here they are made through the API.
  const titles = ['Opening hours', 'Getting here', 'Stall rules', 'Craft demonstrations', 'Lost property'];
  const ids: string[] = [];
  for (const title of titles) {
    const res = await page.request.post(`/api/events/${eventId}/content`, {
      data: { title, isPublished: true },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push((await res.json()).id);
  }

  await page.goto('/admin/featured-pages');
  await expect(page.getByRole('heading', { name: 'Featured pages', level: 1 })).toBeVisible();
  await expectAccessible(page, 'featured pages');
  const save = page.getByRole('button', { name: 'Save featured pages' });
  for (const title of titles.slice(0, 3))
    await page.getByRole('checkbox', { name: new RegExp(`^${title}`) }).check();
  // Three is not allowed: the rule shows and saving waits for a fourth.
  await expect(page.getByText('Featured pages total exactly 0, 4 or 8', { exact: false })).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByRole('checkbox', { name: /^Craft demonstrations/ }).check();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Your updates have been successfully saved')).toBeVisible();
  await shot(page, 'portal-featured-pages');

  const context = await browser.newContext();
  const member = await context.newPage();
  await signIn(member, members.trader.email, members.trader.password);
  const featured = member.getByRole('region', { name: 'Featured' });
  await expect(featured.getByRole('link')).toHaveCount(4);
  for (const [i, title] of titles.slice(0, 4).entries()) {
    await expect(featured.getByRole('link').nth(i)).toContainText(title);
  }
  await expect(member.getByRole('region', { name: 'Get started' }).getByRole('link')).not.toHaveCount(0);
  await expectAccessible(member, 'dashboard with featured pages');
  await shot(member, 'portal-dashboard');

  // The one featured rule: a fifth page's own switch adds it at the end of the list, and the
  // dashboard keeps showing full rows of four (the first 4), as both screens say.
  await page.goto(`/admin/content/${ids[4]}/settings`);
  await expect(
    page.getByText('The dashboard shows featured pages in full rows of four', { exact: false }),
  ).toBeVisible();
  await page.getByRole('switch', { name: 'Featured page?' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your updates have been successfully saved')).toBeVisible();
  await page.goto('/admin/featured-pages');
  await expect(page.getByRole('checkbox', { name: /^Lost property/ })).toBeChecked();
  await member.reload();
  await expect(featured.getByRole('link')).toHaveCount(4);
  await expect(featured).not.toContainText('Lost property');
  await context.close();
});

test('an admin gives a core page its image and a member sees it at the top of that page', async ({
  page,
  browser,
}) => {
  const { admin, members } = lakeside();
  await signIn(page, admin.email, admin.password);
  await page.goto('/admin/core-pages');
  const downloads = page.getByRole('form', { name: 'Downloads' });
  await expect(downloads.getByText('No page image.')).toBeVisible();
  await downloads.getByRole('button', { name: 'Choose page image' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose the page image' });
  await picker
    .locator('input[type="file"]')
    .setInputFiles({ name: 'Downloads banner.png', mimeType: 'image/png', buffer: png });
  await expect(picker).toBeHidden();
  await expect(downloads.getByRole('img', { name: 'Downloads banner' })).toBeVisible();
  await expectAccessible(page, 'core pages with a page image');
  await downloads.getByRole('button', { name: 'Save Downloads' }).click();
  await expect(page.getByText('Your updates have been successfully saved')).toBeVisible();
  await shot(page, 'portal-core-pages');

  const context = await browser.newContext();
  const member = await context.newPage();
  await signIn(member, members.trader.email, members.trader.password);
  await member.goto('/downloads');
  const banner = member.getByRole('img', { name: 'Downloads banner' });
  await expect(banner).toBeVisible();
  // Loaded, not a broken image: the member may read the asset's file.
  await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(member, 'downloads with its page image');
  await shot(member, 'portal-core-page-image');
  // Only that page: the dashboard shows no such image.
  await member.goto('/');
  await expect(member.getByRole('region', { name: 'Get started' })).toBeVisible();
  await expect(member.getByRole('img', { name: 'Downloads banner' })).toHaveCount(0);

  // Removed and saved, it is gone for the member too.
  await downloads.getByRole('button', { name: 'Remove page image' }).click();
  await downloads.getByRole('button', { name: 'Save Downloads' }).click();
  await expect(page.getByText('Your updates have been successfully saved')).toBeVisible();
  await member.goto('/downloads');
  await expect(member.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(member.getByRole('img', { name: 'Downloads banner' })).toHaveCount(0);
  await context.close();
});
