import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { emailedLink, expectAccessible, signIn } from './support';
import { expect, expectNotFound, type Page, test } from './test';

type Account = { email: string; password: string };
/** The event e2e/start-server.mjs made for this journey, with its admin. */
const coastal = (): { admin: Account } => JSON.parse(readFileSync('.tmp/e2e-suppliers.json', 'utf8'));
const PASSWORD = `Coast-${Math.random().toString(36).slice(2)}-2027`;
const members = {
  exhibitor: { email: 'ravi.patel@saltmarsh-oysters.example', password: PASSWORD },
  sponsor: { email: 'grace.okafor@anchor-brewing.example', password: PASSWORD },
};

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });

async function signOut(page: Page) {
  await page.context().clearCookies();
}

/** A new team owner follows the set-password link they were emailed, as they would from their inbox. */
async function setPassword(page: Page, email: string) {
  await page.goto(await emailedLink('seeded', email, '/auth/set-password'));
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: /set password|save password/i }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
}

test('an admin adds a supplier type and a supplier with contacts for one team type; only that team type sees it', async ({
  page,
}) => {
  // Two people's walks, an edit and its history: longer than the default on a loaded machine.
  test.setTimeout(180_000);
  const { admin } = coastal();
  await signIn(page, admin.email, admin.password);

  // Two team types and a team of each; their new owners are emailed a set-password link.
  for (const name of ['Exhibitor', 'Sponsor']) {
    await page.goto('/admin/team-types/add');
    await page.getByLabel(/^Name/).fill(name);
    await page.getByRole('button', { name: 'Add team type' }).click();
    await expect(page).toHaveURL(/\/admin\/team-types$/);
  }
  for (const [team, type, member, first, surname] of [
    ['Saltmarsh Oysters', 'Exhibitor', members.exhibitor, 'Ravi', 'Patel'],
    ['Anchor Brewing Co', 'Sponsor', members.sponsor, 'Grace', 'Okafor'],
  ] as const) {
    await page.goto('/admin/teams/add-team');
    await page.getByLabel(/^Team name/).fill(team);
    await page.getByRole('combobox', { name: 'Team type' }).click();
    await page.getByRole('option', { name: type }).click();
    await page.getByLabel(/^First name/).fill(first);
    await page.getByLabel(/^Surname/).fill(surname);
    await page.getByLabel(/^Email/).fill(member.email);
    await page.getByRole('button', { name: 'Add team' }).click();
    await expect(page.getByRole('heading', { name: team })).toBeVisible();
  }

  // A supplier type, from the admin hub's Suppliers cards.
  await page.goto('/admin');
  await page
    .getByRole('region', { name: 'Suppliers' })
    .getByRole('link', { name: /Supplier types/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/supplier-groups$/);
  await expect(page.getByText('There are no supplier types yet.')).toBeVisible();
  await expectAccessible(page, 'supplier types (empty)');
  await page.getByRole('link', { name: 'Add supplier type' }).first().click();
  await expectAccessible(page, 'add supplier type');
  await page.getByLabel(/^Title/).fill('Stand builders');
  await page.getByRole('button', { name: 'Add supplier type' }).click();
  await expect(page).toHaveURL(/\/admin\/supplier-groups$/);
  await expect(page.getByRole('table', { name: 'Supplier types' })).toContainText('Stand builders');
  await expectAccessible(page, 'supplier types');

  // The supplier: logo, company, rich description, website, featured, type, a contact, shown to exhibitors.
  await page.goto('/admin/suppliers');
  await expect(page.getByText('There are no suppliers in this event yet.')).toBeVisible();
  await expectAccessible(page, 'suppliers (empty)');
  await page.getByRole('link', { name: 'Add supplier' }).first().click();
  await expect(page).toHaveURL(/\/admin\/suppliers\/add$/);
  await page.getByRole('textbox', { name: 'Company' }).fill('  Stagecraft Exhibition Build ');
  // The logo is uploaded through the files module, which makes it a 256x256 PNG.
  const logo = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#1d6f42' } })
    .png()
    .toBuffer();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'stagecraft.png', mimeType: 'image/png', buffer: logo });
  await expect(page.getByRole('img', { name: 'Stagecraft Exhibition Build logo' })).toBeVisible();
  const description = page.getByRole('textbox', { name: 'Description' });
  await description.click();
  await page.keyboard.type('Custom stands from 9 to 200 square metres.');
  await page.getByRole('textbox', { name: 'Website' }).fill('https://stagecraft.example');
  await page.getByRole('checkbox', { name: 'Featured' }).check();
  await page.getByRole('combobox', { name: 'Supplier types' }).click();
  await page.getByRole('option', { name: 'Stand builders' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add contact' }).click();
  const contact = page.getByRole('group', { name: 'Contact 1' });
  await contact.getByRole('textbox', { name: 'First name' }).fill('Rachel');
  await contact.getByRole('textbox', { name: 'Surname' }).fill('Morgan');
  await contact.getByRole('textbox', { name: 'Job title' }).fill('Project Director');
  await contact.getByRole('textbox', { name: 'Phone' }).fill('+44 113 496 0182');
  await contact.getByRole('textbox', { name: 'Email' }).fill('rachel.morgan@stagecraft');
  await page.getByRole('combobox', { name: 'Show to team types' }).click();
  await page.getByRole('option', { name: 'Exhibitor' }).click();
  await page.keyboard.press('Escape');
  await expectAccessible(page, 'add supplier');
  await shot(page, 'supplier-form');

  // A contact email that is not an e-mail is refused before anything is sent.
  await page.getByRole('button', { name: 'Add supplier' }).click();
  await expect(contact.getByText('Enter a valid email address')).toBeVisible();
  await contact.getByRole('textbox', { name: 'Email' }).fill('rachel.morgan@stagecraft.example');
  await page.getByRole('button', { name: 'Add supplier' }).click();
  await expect(page).toHaveURL(/\/admin\/suppliers$/);

  const list = page.getByRole('table', { name: 'Suppliers' });
  await expect(list.getByRole('row')).toHaveCount(2);
  await expect(list).toContainText('Stagecraft Exhibition Build');
  await expect(list).toContainText('Stand builders');
  await expect(list).toContainText('Featured');
  await expect(list).toContainText('Restricted');
  // The area's shortcuts count suppliers and types; the archived ones are disabled at zero (spec).
  const shortcuts = page.getByRole('navigation', { name: 'Suppliers shortcuts' });
  await expect(shortcuts.getByRole('link', { name: /^Suppliers/ })).toContainText('1');
  await expect(shortcuts.getByRole('link', { name: /^Supplier types/ })).toContainText('1');
  await expect(shortcuts.getByRole('button', { name: /^Archived Suppliers/ })).toBeDisabled();
  await expect(shortcuts.getByRole('button', { name: /^Archived Supplier types/ })).toBeDisabled();
  await expectAccessible(page, 'suppliers');
  await shot(page, 'suppliers-admin');
  await list.getByRole('link', { name: 'Stagecraft Exhibition Build' }).click();
  await expect(page.getByRole('heading', { name: 'Stagecraft Exhibition Build' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Company' })).toHaveValue('Stagecraft Exhibition Build');
  await expectAccessible(page, 'edit supplier');
  // An edit, then the supplier's History tab (admins) shows it with the value before and after.
  await page.getByRole('textbox', { name: 'Website' }).fill('https://stagecraft.example/stands');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/suppliers$/);
  await list.getByRole('link', { name: 'Stagecraft Exhibition Build' }).click();
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('table', { name: 'History' });
  await expect(history).toContainText('https://stagecraft.example → https://stagecraft.example/stands');
  await expectAccessible(page, 'supplier history');
  await shot(page, 'supplier-history');

  // The exhibitor's member sees it in the directory, grouped by type, and opens it.
  await signOut(page);
  await setPassword(page, members.exhibitor.email);
  await signIn(page, members.exhibitor.email, members.exhibitor.password);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Suppliers' })
    .click();
  await expect(page).toHaveURL(/\/suppliers$/);
  const type = page.getByRole('region', { name: 'Stand builders' });
  await expect(type).toContainText('Featured');
  await expectAccessible(page, 'supplier directory');
  await shot(page, 'suppliers-directory');
  await type.getByRole('link', { name: 'Stagecraft Exhibition Build' }).click();
  await expect(page.getByRole('heading', { name: 'Stagecraft Exhibition Build' })).toBeVisible();
  await expect(page.getByText('Custom stands from 9 to 200 square metres.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'rachel.morgan@stagecraft.example' })).toHaveAttribute(
    'href',
    'mailto:rachel.morgan@stagecraft.example',
  );
  await expect(page.getByRole('link', { name: '+44 113 496 0182' })).toHaveAttribute(
    'href',
    'tel:+441134960182',
  );
  // The member may read the uploaded logo: the image really loads, at the size the files module made.
  const shown = page.getByRole('img', { name: 'Stagecraft Exhibition Build logo' });
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
  await expectAccessible(page, 'supplier page');
  await shot(page, 'supplier-page');

  // The sponsor's member does not: not in the directory, and not by its address either.
  const address = page.url();
  await signOut(page);
  await setPassword(page, members.sponsor.email);
  await signIn(page, members.sponsor.email, members.sponsor.password);
  await page.goto('/suppliers');
  await expect(page.getByText('There are no suppliers to show yet.')).toBeVisible();
  expectNotFound(page, /\/supplier-directory\//);
  await page.goto(address);
  await expect(page.getByText('Supplier not found')).toBeVisible();
});
