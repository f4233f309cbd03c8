import { mkdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { expectAccessible, signIn } from './support';
import { expect, type Page, test } from './test';

type Lakeside = { eventId: string; admin: { email: string; password: string } };
const lakeside = (): Lakeside => JSON.parse(readFileSync('.tmp/e2e-portal.json', 'utf8'));
const shot = async (page: Page, name: string) => {
  mkdirSync('/tmp/shots', { recursive: true });
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
};
/** The canvas in order, by each field's select button ('Select Stand type'). */
const canvasNames = (page: Page) =>
  page
    .getByRole('region', { name: 'Form fields' })
    .getByRole('button', { name: /^Select / })
    .evaluateAll((buttons) =>
      buttons.map((b) => (b.getAttribute('aria-label') ?? '').replace(/^Select /, '')),
    );

test('an organiser creates a form, adds fields and a page break, reorders by keyboard, saves and previews', async ({
  page,
}) => {
  const { admin } = lakeside();
  const title = `Catering order ${Date.now()}`;
  await signIn(page, admin.email, admin.password);
  await page.goto('/admin');
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Forms/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/forms$/);
  await expect(page.getByRole('heading', { name: 'Forms', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Forms shortcuts' })).toBeVisible();
  await expectAccessible(page, 'forms list');

  await page.getByRole('link', { name: 'Add form' }).first().click();
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel('Description').fill('What your stand would like to eat.');
  await expectAccessible(page, 'add form');
  await page.getByRole('button', { name: 'Add form' }).click();

  // The builder opens on the new form with its first field, holding the edit lock.
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Select Short Text' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Move Short Text' })).toBeVisible();
  const palette = page.getByRole('navigation', { name: 'Field types' });
  await palette.getByRole('button', { name: 'Dropdown', exact: true }).click();
  const settings = page.getByRole('region', { name: 'Field settings' });
  await settings.getByLabel('Label', { exact: true }).fill('Stand type');
  await settings.getByRole('button', { name: 'Add option' }).click();
  await settings.getByRole('textbox', { name: 'Option 1' }).fill('Shell scheme');
  await settings.getByRole('button', { name: 'Add option' }).click();
  await settings.getByRole('textbox', { name: 'Option 2' }).fill('Own build');
  await palette.getByRole('button', { name: 'New Page', exact: true }).click();
  await palette.getByRole('button', { name: 'Number', exact: true }).click();
  await settings.getByLabel('Label', { exact: true }).fill('Number of guests');
  await settings.getByRole('switch', { name: 'Required' }).check();
  await expect
    .poll(() => canvasNames(page))
    .toEqual(['Short Text', 'Stand type', 'New Page', 'Number of guests']);
  await expectAccessible(page, 'form builder');

  // Stand type to the top by keyboard: lift with Space, one step up (waiting for dnd-kit's
  // announcement of each step, as e2e/portal.spec.ts explains), drop with Space.
  const announced = () =>
    page
      .locator('[id^="DndLiveRegion"]')
      .allTextContents()
      .then((t) => t.join(' '));
  await page.getByRole('button', { name: 'Move Stand type' }).focus();
  await page.keyboard.press('Space');
  await expect.poll(announced).toContain('was moved over droppable area');
  const lifted = await announced();
  await page.keyboard.press('ArrowUp');
  await expect.poll(announced).not.toBe(lifted);
  await page.keyboard.press('Space');
  await expect
    .poll(() => canvasNames(page))
    .toEqual(['Stand type', 'Short Text', 'New Page', 'Number of guests']);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your updates have been successfully saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await shot(page, 'forms-builder');

  // The saved order comes back from the server after a reload.
  await page.reload();
  await expect
    .poll(() => canvasNames(page))
    .toEqual(['Stand type', 'Short Text', 'New Page', 'Number of guests']);

  // Preview: page one, then the page after the break.
  await page.getByText('Preview', { exact: true }).click();
  const preview = page.getByRole('form', { name: title });
  await expect(preview.getByLabel('Stand type')).toBeVisible();
  await expect(preview.getByText('Page 1 of 2')).toBeVisible();
  await expectAccessible(page, 'form preview');
  await shot(page, 'forms-preview');
  await preview.getByRole('button', { name: 'Next' }).click();
  await expect(preview.getByRole('textbox', { name: /Number of guests/ })).toBeVisible();
  await preview.getByRole('button', { name: 'Back' }).click();
  await expect(preview.getByText('Page 1 of 2')).toBeVisible();

  // The list shows the form with its four fields.
  await page.goto('/admin/forms');
  await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('4');
  await shot(page, 'forms-list');
});

test('an organiser prices an item list in the event currency and places an image from the asset picker', async ({
  page,
}) => {
  const { admin } = lakeside();
  const title = `Stand extras ${Date.now()}`;
  await signIn(page, admin.email, admin.password);
  await page.goto('/admin/forms/add');
  await page.getByLabel(/^Title/).fill(title);
  await page.getByRole('button', { name: 'Add form' }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const palette = page.getByRole('navigation', { name: 'Field types' });
  const settings = page.getByRole('region', { name: 'Field settings' });

  // An item list: two priced items, typed in pounds, kept in pence; no subtotals.
  await palette.getByRole('button', { name: 'Item List', exact: true }).click();
  await settings.getByLabel('Label', { exact: true }).fill('Catering extras');
  for (const [name, price] of [
    ['Sandwich platter', '12.5'],
    ['Coffee urn', '1234.56'],
  ]) {
    await settings.getByRole('button', { name: 'Add item' }).click();
    const n = await settings.getByRole('textbox', { name: /^Item \d+$/ }).count();
    await settings.getByRole('textbox', { name: `Item ${n}`, exact: true }).fill(name);
    await settings.getByRole('textbox', { name: `Price of ${name} (GBP)` }).fill(price);
  }
  await expect(settings.getByText('Shown as £12.50')).toBeVisible();
  await expect(settings.getByText('Shown as £1,234.56')).toBeVisible();
  await settings.getByRole('switch', { name: 'Show subtotals' }).uncheck();
  await expectAccessible(page, 'item list settings');

  // An image: uploaded in the content editor's asset picker, chosen at once.
  await palette.getByRole('button', { name: 'Image', exact: true }).click();
  await settings.getByLabel('Label', { exact: true }).fill('Hall map');
  await settings.getByRole('button', { name: 'Choose image' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose an image' });
  await expect(picker).toBeVisible();
  await expectAccessible(page, 'image picker in the builder');
  await picker.locator('input[type="file"]').setInputFiles({
    name: 'hall-map.png',
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 600, height: 400, channels: 3, background: '#0b3d91' } })
      .png()
      .toBuffer(),
  });
  await expect(picker).toBeHidden();
  await expect(settings.getByText('hall map')).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Change image' })).toBeVisible();
  await expectAccessible(page, 'image settings');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your updates have been successfully saved')).toBeVisible();
  await shot(page, 'forms-builder-extras');

  // What was saved comes back: the prices in pence shown in pounds, the switch, the chosen image.
  await page.reload();
  await page.getByRole('button', { name: 'Select Catering extras' }).click();
  await expect(settings.getByRole('textbox', { name: 'Price of Coffee urn (GBP)' })).toHaveValue('£1,234.56');
  await expect(settings.getByRole('switch', { name: 'Show subtotals' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Select Hall map' }).click();
  await expect(settings.getByText('hall map')).toBeVisible();

  // The preview shows the items with their prices in the event currency.
  await page.getByText('Preview', { exact: true }).click();
  const preview = page.getByRole('form', { name: title });
  await expect(preview.getByText('Coffee urn')).toBeVisible();
  await expect(preview.getByText(/£1,234\.56/).first()).toBeVisible();
  await expectAccessible(page, 'item list preview');

  // The form's settings: an edit, then their History tab (admins) shows it.
  await page.goto('/admin/forms');
  await page.getByRole('link', { name: `Settings of ${title}`, exact: true }).click();
  await expect(page.getByRole('heading', { name: `${title}: settings` })).toBeVisible();
  await page.getByLabel('Description').fill('Coffee, tea and pastries for your stand.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/forms$/);
  await page.getByRole('link', { name: `Settings of ${title}`, exact: true }).click();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('table', { name: 'History' })).toContainText(
    'Coffee, tea and pastries for your stand.',
  );
  await expectAccessible(page, 'form settings history');
});
