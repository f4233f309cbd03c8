import { mkdirSync, readFileSync } from 'node:fs';
import { expectAccessible, signIn } from './support';
import { expect, type Page, test } from './test';

type Lakeside = {
  eventId: string;
  admin: { email: string; password: string };
  members: Record<
    'maker' | 'trader',
    { email: string; password: string; firstName: string; surname: string }
  >;
};
const lakeside = (): Lakeside => JSON.parse(readFileSync('.tmp/e2e-portal.json', 'utf8'));

/** A small PDF made on the spot (a real header, so the server's content check accepts it). */
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n${' '.repeat(2400)}\n%%EOF\n`);

async function teamOfType(page: Page, team: string, type: string, owner: Lakeside['members']['maker']) {
  await page.goto('/admin/teams/add-team');
  await page.getByLabel(/^Team name/).fill(team);
  await page.getByLabel(/^First name/).fill(owner.firstName);
  await page.getByLabel(/^Surname/).fill(owner.surname);
  await page.getByLabel(/^Email/).fill(owner.email);
  await page.getByRole('combobox', { name: 'Team type' }).click();
  await page.getByRole('option', { name: type }).click();
  await page.getByRole('button', { name: 'Add team' }).click();
  await expect(page.getByRole('heading', { name: team })).toBeVisible();
}

test('a moderator adds a download for one team type; only that team sees and fetches it', async ({
  page,
  browser,
}) => {
  const { admin, members } = lakeside();
  await signIn(page, admin.email, admin.password);

  // Two team types and a team of each, owned by the event's two members.
  for (const type of ['Makers', 'Traders']) {
    await page.goto('/admin/team-types/add');
    await page.getByLabel(/^Name/).fill(type);
    await page.getByRole('button', { name: 'Add team type' }).click();
    await expect(page).toHaveURL(/\/admin\/team-types$/);
  }
  await teamOfType(page, 'Willow Weavers', 'Makers', members.maker);
  await teamOfType(page, 'Harbour Traders', 'Traders', members.trader);

  // The admin list starts empty, then takes a download shown to makers only.
  await page.goto('/admin/downloads');
  await expect(page.getByText('There are no downloads in this event yet.')).toBeVisible();
  await expectAccessible(page, 'downloads (empty)');
  await page.getByRole('link', { name: 'Add download' }).first().click();
  await expect(page).toHaveURL(/\/admin\/downloads\/add$/);
  await page.getByLabel(/^Name/).fill('Makers handbook');
  await page.getByLabel(/^Description/).fill('Stall sizes, power and the judging rules.');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'Makers handbook.pdf',
    mimeType: 'application/pdf',
    buffer: pdf('Makers handbook'),
  });
  await expect(page.getByRole('link', { name: 'Makers handbook.pdf' })).toBeVisible();
  await expect(page.getByText('PDF, 2.4 KB')).toBeVisible();
  await page.getByRole('combobox', { name: 'Show to team types' }).click();
  await page.getByRole('option', { name: 'Makers' }).click();
  await page.keyboard.press('Escape');
  await expectAccessible(page, 'add download');
  await page.getByRole('button', { name: 'Save download' }).click();
  await expect(page).toHaveURL(/\/admin\/downloads$/);
  const list = page.getByRole('table', { name: 'Downloads' });
  await expect(list).toContainText('Makers handbook');
  await expect(list).toContainText('2.4 KB');
  await expect(list).toContainText('Restricted');
  // The file type filter (spec: images, videos, documents, files, other): a PDF is a document.
  await page.getByRole('combobox', { name: 'File type' }).click();
  await page.getByRole('option', { name: 'Images' }).click();
  await expect(page).toHaveURL(/fileFilter=images/);
  await expect(page.getByText('No downloads match these filters.')).toBeVisible();
  await page.getByRole('combobox', { name: 'File type' }).click();
  await page.getByRole('option', { name: 'Documents' }).click();
  await expect(list).toContainText('Makers handbook');
  await expectAccessible(page, 'downloads');
  mkdirSync('/tmp/shots', { recursive: true });
  await page.screenshot({ path: '/tmp/shots/downloads-admin.png', fullPage: true });

  // An edit, then the download's History tab (admins) shows it with the value before and after.
  await list.getByRole('link', { name: 'Makers handbook' }).click();
  await page.getByLabel(/^Description/).fill('Stall sizes, power, judging and parking.');
  await page.getByRole('button', { name: 'Save download' }).click();
  await expect(page).toHaveURL(/\/admin\/downloads$/);
  await list.getByRole('link', { name: 'Makers handbook' }).click();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('table', { name: 'History' })).toContainText(
    'Stall sizes, power and the judging rules. → Stall sizes, power, judging and parking.',
  );
  await expectAccessible(page, 'download history');
  await page.screenshot({ path: '/tmp/shots/download-history.png', fullPage: true });

  // The maker sees it with its size and type, and the file opens.
  const makerContext = await browser.newContext();
  const maker = await makerContext.newPage();
  await signIn(maker, members.maker.email, members.maker.password);
  await maker
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Downloads' })
    .click();
  await expect(maker).toHaveURL(/\/downloads$/);
  const row = maker.getByRole('row', { name: /Makers handbook/ });
  await expect(row).toContainText('PDF');
  await expect(row).toContainText('2.4 KB');
  await expect(row).toContainText('Stall sizes, power, judging and parking.');
  await expectAccessible(maker, 'my downloads');
  await maker.screenshot({ path: '/tmp/shots/downloads-member.png', fullPage: true });
  const href = await row.getByRole('link').getAttribute('href');
  expect((await maker.request.get(String(href))).status()).toBe(200);

  // The trader does not see it, nor may fetch its file.
  const traderContext = await browser.newContext();
  const trader = await traderContext.newPage();
  await signIn(trader, members.trader.email, members.trader.password);
  await trader.goto('/downloads');
  await expect(trader.getByText('There are no downloads in this event yet.')).toBeVisible();
  expect((await trader.request.get(String(href))).status()).toBe(404);
  await makerContext.close();
  await traderContext.close();
});
