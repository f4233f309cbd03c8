import { mkdirSync, readFileSync } from 'node:fs';
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
