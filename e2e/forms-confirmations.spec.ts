import { expectAccessible, seeded, signIn } from './support';
import { expect, type Locator, type Page, test } from './test';

async function pick(page: Page, scope: Locator, combobox: string, option: string) {
  await scope.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test("a moderator manages a form's confirmations: default first, add with a rule, edit, move the default, delete", async ({
  page,
}) => {
  const { moderator } = seeded().users;
  const title = `Hotel booking ${Date.now()}`;
  await signIn(page, moderator.email, moderator.password);
  await page.goto('/admin/forms/add');
  await page.getByLabel(/^Title/).fill(title);
  await page.getByRole('button', { name: 'Add form' }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const settings = page.getByRole('region', { name: 'Field settings' });
  await page
    .getByRole('navigation', { name: 'Field types' })
    .getByRole('button', { name: 'Dropdown', exact: true })
    .click();
  await settings.getByLabel('Label', { exact: true }).fill('Room type');
  await settings.getByRole('button', { name: 'Add option' }).click();
  await settings.getByRole('textbox', { name: 'Option 1' }).fill('Single');
  await settings.getByRole('button', { name: 'Add option' }).click();
  await settings.getByRole('textbox', { name: 'Option 2' }).fill('Double');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your updates have been successfully saved')).toBeVisible();

  // The builder's quick link; every new form starts with its default confirmation.
  await page.getByRole('link', { name: 'Confirmations', exact: true }).click();
  await expect(page.getByRole('heading', { name: `${title}: confirmations`, level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Confirmations' });
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toContainText('Default confirmation');
  await expect(rows.nth(1)).toContainText('Default');
  await expect(page.getByRole('button', { name: 'Delete Default confirmation' })).toHaveCount(0);
  await expectAccessible(page, 'confirmations');

  await page.getByRole('link', { name: 'Add confirmation' }).click();
  await expect(page.getByRole('heading', { name: 'Add confirmation', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: /^Name/ }).fill('Double room booked');
  await page.getByRole('textbox', { name: 'Message' }).fill('We will hold a double room for you.');
  const rules = page.getByRole('region', { name: 'Rules' });
  await rules.getByRole('button', { name: 'Add rule' }).click();
  await pick(page, rules, 'Rule 1: field', 'Room type');
  await pick(page, rules, 'Rule 1: value', 'Double');
  await expectAccessible(page, 'add confirmation');
  await page.getByRole('button', { name: 'Add confirmation' }).click();
  await expect(page.getByText('The confirmation has been added')).toBeVisible();
  await expect(rows.nth(2)).toContainText('Double room booked');
  await expect(rows.nth(2)).toContainText('1 rule (ANY)');

  // Edit: a new name, the rule kept, and it takes the default mark (the list puts it first).
  await page.getByRole('link', { name: 'Edit Double room booked' }).click();
  await expect(page.getByRole('combobox', { name: 'Rule 1: value' })).toHaveValue('Double');
  await expect(page.getByRole('textbox', { name: 'Message' })).toContainText(
    'We will hold a double room for you.',
  );
  await page.getByRole('textbox', { name: /^Name/ }).fill('Room booked');
  await page.getByRole('switch', { name: 'Default' }).check();
  await expectAccessible(page, 'edit confirmation');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your updates have been successfully saved')).toBeVisible();
  await expect(rows.nth(1)).toContainText('Room booked');
  await expect(rows.nth(1)).toContainText('Default');
  await expect(rows.nth(2)).toContainText('Default confirmation');

  // The old default is an ordinary confirmation now, and can go.
  await page.getByRole('button', { name: 'Delete Default confirmation' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel("Type 'CONFIRM' to continue").fill('CONFIRM');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Confirmation deleted successfully')).toBeVisible();
  await expect(table.getByText('Default confirmation')).toBeHidden();
  await expect(rows).toHaveCount(2);
});
