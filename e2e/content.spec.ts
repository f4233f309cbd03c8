import { mkdirSync, readFileSync } from 'node:fs';
import { expectAccessible, signIn } from './support';
import { expect, expectNotFound, type Locator, type Page, test } from './test';

type Member = { email: string; password: string; firstName: string; surname: string };
type Riverside = {
  eventId: string;
  admin: { email: string; password: string };
  members: Record<'exhibitor' | 'sponsor', Member>;
};
/** The content journey's own event (e2e/start-server.mjs). */
const riverside = (): Riverside => JSON.parse(readFileSync('.tmp/e2e-content.json', 'utf8'));
const shot = async (page: Page, name: string) => {
  mkdirSync('/tmp/shots', { recursive: true });
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
};
/** A small valid PDF (header, one object, end marker) and a 64x48 PNG. */
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n${' '.repeat(2400)}\n%%EOF\n`);
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAfUlEQVRoge2SwQ0AQRCCrIiH/V3vVwaZrAkFgDF8PU10AxZQfUV2od4lugELqL4iu1DvEt2ABVRfkV2od4luwAKqr8gu1LtEN2AB1VdkF+pdohuwgOorsgv1LtENWED1FdmFepfoBiyg+orsQr1LdAMWUH1FdqHeJboBjwf8kGVclxuRLosAAAAASUVORK5CYII=',
  'base64',
);

async function teamOfType(page: Page, team: string, type: string, owner: Member) {
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

/** Adds a section of a type; answers the new section's region (named after its type and place). */
async function addSection(page: Page, label: string, place: number): Promise<Locator> {
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.getByRole('menuitem', { name: label, exact: true }).click();
  // The menu fades out and then hands focus back to its button: a click during that hand-over
  // focused "Choose image" without opening its picker once in CI, so wait until the menu is gone.
  await expect(page.getByRole('menu')).toBeHidden();
  const region = page.getByRole('region', { name: `${label} section ${place}` });
  await expect(region).toBeVisible();
  return region;
}

async function pick(page: Page, scope: Locator, combobox: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option }).click();
}

test('a moderator builds a page of every section type; an allowed team reads it and another does not', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { eventId, admin, members } = riverside();
  await signIn(page, admin.email, admin.password);
  for (const type of ['Exhibitors', 'Sponsors']) {
    await page.goto('/admin/team-types/add');
    await page.getByLabel(/^Name/).fill(type);
    await page.getByRole('button', { name: 'Add team type' }).click();
    await expect(page).toHaveURL(/\/admin\/team-types$/);
  }
  await teamOfType(page, 'Willow & Oak', 'Exhibitors', members.exhibitor);
  await teamOfType(page, 'Brightside Bank', 'Sponsors', members.sponsor);
  // The task list and resources link to a task group and a task: made through the API.
  const group = await (
    await page.request.post(`/api/events/${eventId}/task-groups`, { data: { title: 'Before the show' } })
  ).json();
  await page.request.post(`/api/events/${eventId}/tasks`, {
    data: { title: 'Send your stand plan', dueDate: '2099-05-01', groupId: group.id },
  });

  // The list starts empty; a new page starts unpublished, private, with the default icon.
  await page.goto('/admin/content');
  await expect(page.getByText('There are no pages in this event yet.')).toBeVisible();
  await expectAccessible(page, 'content list (empty)');
  // The manage area's shortcuts count the pages; Archived Content is disabled at zero (spec).
  const shortcuts = page.getByRole('navigation', { name: 'Content shortcuts' });
  await expect(shortcuts.getByRole('link', { name: /^Content/ })).toContainText('0');
  await expect(shortcuts.getByRole('button', { name: /^Archived Content/ })).toBeDisabled();
  await page.getByRole('link', { name: 'Add page' }).first().click();
  await expect(page).toHaveURL(/\/admin\/content\/add$/);
  await page.getByLabel(/^Page title/).fill('Exhibitor manual');
  await page.getByLabel('Description').fill('Everything your team needs, from build-up to breakdown.');
  await expect(page.getByRole('switch', { name: 'Is published?' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: /^Allow public access\?/ })).not.toBeChecked();
  await expect(page.getByRole('img', { name: 'Current icon: new releases' })).toBeVisible();
  await page.getByRole('button', { name: 'Choose icon' }).click();
  await page.getByLabel('Search icons').fill('menu book');
  await page.getByRole('button', { name: 'menu book', exact: true }).click();
  await expect(page.getByRole('img', { name: 'Current icon: menu book' })).toBeVisible();
  await page.getByRole('switch', { name: 'Is published?' }).check();
  await pick(page, page.locator('body'), 'Restrict to certain team types', 'Exhibitors');
  await page.keyboard.press('Escape');
  await expectAccessible(page, 'add page');
  await page.getByRole('button', { name: 'Add page' }).click();
  await expect(page).toHaveURL(/\/admin\/content\/[0-9a-f-]{36}$/);
  const contentId = page.url().split('/').at(-1) ?? '';
  await expect(page.getByText('This page has no sections yet. Add the first one.')).toBeVisible();

  // One section of each type.
  const text = await addSection(page, 'Rich text', 1);
  await text.getByRole('textbox', { name: 'Text' }).fill('Welcome to Riverside. Build-up starts at 07:00.');
  const button = await addSection(page, 'Button', 2);
  await button.getByLabel('Button text').fill('Book a hotel');
  await button.getByLabel('Link').fill('https://hotels.example.com');
  const callout = await addSection(page, 'Callout', 3);
  await callout.getByLabel('Callout text').fill('Badges open on 1 May.');
  const image = await addSection(page, 'Image', 4);
  await image.getByRole('button', { name: 'Choose image' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose an image' });
  await picker
    .locator('input[type="file"]')
    .setInputFiles({ name: 'Hall A.png', mimeType: 'image/png', buffer: png });
  await expect(picker).toBeHidden();
  await image.getByLabel('Alternative text').fill('Hall A from the entrance');
  const map = await addSection(page, 'Google Maps', 5);
  await map.getByLabel('Address or map link').fill('Riverside Hall, Bristol');
  const pdfSection = await addSection(page, 'PDF', 6);
  await pdfSection.locator('input[type="file"]').setInputFiles({
    name: 'Exhibitor manual.pdf',
    mimeType: 'application/pdf',
    buffer: pdf('Exhibitor manual'),
  });
  await expect(pdfSection.getByLabel(/^PDF name/)).toHaveValue('Exhibitor manual.pdf');
  const youTube = await addSection(page, 'YouTube', 7);
  await youTube.getByLabel('YouTube shortcode').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  const vimeo = await addSection(page, 'Vimeo', 8);
  await vimeo.getByLabel('Vimeo id').fill('76979871');
  const taskList = await addSection(page, 'Task list', 9);
  await pick(page, taskList, 'Task group', 'Before the show');
  const resources = await addSection(page, 'Resources', 10);
  await pick(page, resources, 'Add a task', 'Send your stand plan');
  const table = await addSection(page, 'Table', 11);
  await table.getByLabel('Columns').fill('2');
  await table.getByRole('button', { name: 'Add row' }).click();
  await table.getByRole('button', { name: 'Add row' }).click();
  const cells = ['Day', 'Hours', 'Build-up', '07:00–22:00'];
  for (const [i, value] of cells.entries()) {
    await table
      .getByRole('textbox', { name: `Section: row ${Math.floor(i / 2) + 1}, column ${(i % 2) + 1}` })
      .fill(value);
  }
  await table.getByRole('switch', { name: 'Published' }).uncheck();
  // Reordering is covered by the API tests; here the table is hidden from readers.
  await expectAccessible(page, 'page editor');
  await page.getByRole('button', { name: 'Save sections' }).click();
  await expect(page.getByText('The sections have been saved')).toBeVisible();
  await shot(page, 'content-editor');

  // The page image: an image asset of the event, chosen on the page's settings.
  await page.goto(`/admin/content/${contentId}/settings`);
  await page.getByRole('button', { name: 'Choose page image' }).click();
  await page
    .getByRole('dialog', { name: 'Choose the page image' })
    .getByRole('button', { name: 'Choose Hall A' })
    .click();
  await expect(page.getByRole('img', { name: 'Hall A', exact: true })).toBeVisible();
  // The picker fades out after the choice: axe run during the fade measures its half-transparent
  // title's contrast (a failure that is not on the screen a person reads).
  await expect(page.getByRole('dialog', { name: 'Choose the page image' })).toBeHidden();
  await expectAccessible(page, 'page settings with a page image');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your updates have been successfully saved')).toBeVisible();
  // The page's History tab (admins) shows that change: the page image, set where it was empty.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('table', { name: 'History' })).toContainText('assetId');
  await expectAccessible(page, 'page history');

  // A member of the allowed team type reads it: every section, embedded where it is an embed.
  const exhibitorContext = await browser.newContext();
  const reader = await exhibitorContext.newPage();
  await signIn(reader, members.exhibitor.email, members.exhibitor.password);
  await reader.goto('/content');
  await reader.getByRole('link', { name: 'Exhibitor manual' }).click();
  await expect(reader.getByRole('heading', { name: 'Exhibitor manual', level: 1 })).toBeVisible();
  await expect(reader.getByText('Welcome to Riverside. Build-up starts at 07:00.')).toBeVisible();
  await expect(reader.getByText('Badges open on 1 May.')).toBeVisible();
  await expect(reader.getByRole('link', { name: 'Book a hotel' })).toHaveAttribute(
    'href',
    'https://hotels.example.com',
  );
  await expect(reader.getByRole('img', { name: 'Hall A from the entrance' })).toBeVisible();
  await expect(reader.getByRole('img', { name: 'Hall A', exact: true })).toBeVisible();
  await expect(reader.locator('iframe[title^="Map"]')).toHaveAttribute(
    'src',
    /google\.com\/maps\?q=Riverside/,
  );
  await expect(reader.locator('iframe[title^="YouTube"]')).toHaveAttribute('src', /dQw4w9WgXcQ/);
  await expect(reader.locator('iframe[title^="Vimeo"]')).toHaveAttribute('src', /76979871/);
  await expect(reader.getByRole('link', { name: 'Open Exhibitor manual.pdf' })).toBeVisible();
  await expect(reader.getByRole('heading', { name: 'Before the show' })).toBeVisible();
  await expect(reader.getByRole('link', { name: 'Send your stand plan' })).toHaveCount(2);
  await expect(reader.getByRole('table')).toHaveCount(0);
  await expectAccessible(reader, 'content page (reader)');
  await shot(reader, 'content-reader');
  await exhibitorContext.close();

  // A member of another team type neither finds nor opens it.
  const sponsorContext = await browser.newContext();
  const other = await sponsorContext.newPage();
  await signIn(other, members.sponsor.email, members.sponsor.password);
  await other.goto('/content');
  await expect(other.getByText('There are no pages for you yet.')).toBeVisible();
  expectNotFound(other, /\/my-content\//);
  await other.goto(`/content/${contentId}`);
  await expect(other.getByText('This page does not exist, or it is not shown to your team.')).toBeVisible();
  await sponsorContext.close();

  // Signed out, the page is not public: the guest link shows the 404 screen.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  expectNotFound(guest, /\/api\/guests\/content\//);
  await guest.goto(`/guests/content/${contentId}`);
  await expect(guest.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  await guestContext.close();
});

test('a public page opens for anyone with the link, signed out; archiving takes it down', async ({
  page,
  browser,
}) => {
  const { admin } = riverside();
  await signIn(page, admin.email, admin.password);
  await page.goto('/admin/content/add');
  await page.getByLabel(/^Page title/).fill('Visitor information');
  await page.getByRole('switch', { name: 'Is published?' }).check();
  await page.getByRole('switch', { name: /^Allow public access\?/ }).check();
  await page.getByRole('button', { name: 'Add page' }).click();
  await expect(page).toHaveURL(/\/admin\/content\/[0-9a-f-]{36}$/);
  const contentId = page.url().split('/').at(-1) ?? '';
  const callout = await addSection(page, 'Callout', 1);
  await callout.getByLabel('Callout text').fill('Doors open at 10:00 on both public days.');
  await page.getByRole('button', { name: 'Save sections' }).click();
  await expect(page.getByText('The sections have been saved')).toBeVisible();

  // Its page image, uploaded in the picker on its settings, shows to guests too.
  await page.goto(`/admin/content/${contentId}/settings`);
  await page.getByRole('button', { name: 'Choose page image' }).click();
  const imagePicker = page.getByRole('dialog', { name: 'Choose the page image' });
  await imagePicker
    .locator('input[type="file"]')
    .setInputFiles({ name: 'Visitor entrance.png', mimeType: 'image/png', buffer: png });
  await expect(imagePicker).toBeHidden();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your updates have been successfully saved')).toBeVisible();

  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(`/guests/content/${contentId}`);
  await expect(guest.getByRole('heading', { name: 'Visitor information', level: 1 })).toBeVisible();
  await expect(guest.getByText('Doors open at 10:00 on both public days.')).toBeVisible();
  const pageImage = guest.getByRole('img', { name: 'Visitor entrance' });
  await expect(pageImage).toBeVisible();
  // Loaded through the guest file route, not a broken image.
  await expect.poll(() => pageImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(guest, 'guest content page');
  await shot(guest, 'content-guest');

  // The list filters draft or published pages (spec filter "draft or published").
  await page.goto('/admin/content');
  await pick(page, page.locator('body'), 'Status', 'Draft');
  await expect(page).toHaveURL(/status=draft/);
  await expect(page.getByRole('link', { name: 'Visitor information', exact: true })).toHaveCount(0);
  await pick(page, page.locator('body'), 'Status', 'Published');
  await expect(page.getByRole('link', { name: 'Visitor information', exact: true })).toBeVisible();
  await expectAccessible(page, 'content list filtered by status');

  // Archived (with the confirm word), it is gone for guests and listed under Archived.
  await page.goto('/admin/content');
  await page.getByRole('button', { name: 'Archive Visitor information' }).click();
  await page.getByLabel("Type 'CONFIRM' to continue").fill('CONFIRM');
  await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('The page has been archived')).toBeVisible();
  // The archived shortcut wakes up with its count and leads to the archived screen.
  const archivedShortcut = page
    .getByRole('navigation', { name: 'Content shortcuts' })
    .getByRole('link', { name: /^Archived Content/ });
  await expect(archivedShortcut).toContainText(/[1-9]/);
  await archivedShortcut.click();
  await expect(page).toHaveURL(/\/admin\/content\/archived$/);
  await expect(page.getByRole('table', { name: 'Archived content' })).toContainText('Visitor information');
  expectNotFound(guest, /\/api\/guests\/content\//);
  await guest.reload();
  await expect(guest.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  await guestContext.close();
});
