import { expectAccessible, seeded, signIn } from './support';
import { expect, type Page, test } from './test';

async function confirmWith(page: Page, action: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel("Type 'CONFIRM' to continue").fill('CONFIRM');
  await dialog.getByRole('button', { name: action }).click();
  await expect(dialog).toBeHidden();
}

test('a moderator adds a form, duplicates, archives and restores it, and changes its settings', async ({
  page,
}) => {
  const { moderator } = seeded().users;
  await signIn(page, moderator.email, moderator.password);
  await page.goto('/admin');
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Forms/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/forms$/);
  await expect(page.getByRole('heading', { name: 'Forms', level: 1 })).toBeVisible();
  const shortcuts = page.getByRole('navigation', { name: 'Forms shortcuts' });
  await expect(shortcuts.getByRole('button', { name: /Archived Forms/ })).toBeDisabled();
  await expectAccessible(page, 'forms');

  // Add: a new form opens published, with its first question made by the server.
  await page.getByRole('link', { name: 'Add form' }).first().click();
  await expect(page.getByRole('heading', { name: 'Add form', level: 1 })).toBeVisible();
  await expectAccessible(page, 'add form');
  await page.getByRole('button', { name: 'Add form' }).click();
  await expect(page.getByLabel(/^Title/)).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel(/^Title/).fill('Catering order');
  await page.getByLabel('Description').fill('Tea, coffee and lunches delivered to your stand.');
  await page.getByRole('switch', { name: 'Published' }).check();
  await page.getByRole('button', { name: 'Add form' }).click();
  // The new form opens in the builder with its first question; the list is one link away.
  await expect(page.getByRole('heading', { name: 'Catering order', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Select Short Text' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Forms' }).click();
  await expect(page).toHaveURL(/\/admin\/forms$/);
  const table = page.getByRole('table', { name: 'Forms' });
  const rowOf = (title: string) =>
    table.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
  const row = rowOf('Catering order');
  await expect(row).toContainText('Published');
  await expect(row).toContainText('1');

  // Duplicate: '(Copy)', unpublished.
  await page.getByRole('button', { name: 'Duplicate Catering order' }).click();
  const copy = rowOf('Catering order (Copy)');
  await expect(copy).toContainText('Draft');

  // Archive the copy behind the typed confirm; the archived shortcut wakes up.
  await page.getByRole('button', { name: 'Archive Catering order (Copy)' }).click();
  await confirmWith(page, 'Archive');
  await expect(page.getByText('Forms archived successfully')).toBeVisible();
  await expect(copy).toBeHidden();
  await shortcuts.getByRole('link', { name: /Archived Forms/ }).click();
  await expect(page.getByRole('heading', { name: 'Archived forms', level: 1 })).toBeVisible();
  const archived = page.getByRole('table', { name: 'Archived forms' });
  await archived
    .getByRole('row', { name: /Catering order \(Copy\)/ })
    .getByRole('checkbox')
    .check();
  await expectAccessible(page, 'archived forms');
  await page.getByRole('button', { name: 'Restore', exact: true }).click();
  await confirmWith(page, 'Restore');
  await expect(page.getByText('Forms restored successfully')).toBeVisible();
  await expect(archived.getByRole('row', { name: /Catering order/ })).toHaveCount(0);

  // Settings: make the original a public guest form.
  await page.goto('/admin/forms');
  await page.getByRole('link', { name: 'Settings of Catering order', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Catering order: settings' })).toBeVisible();
  await expect(page.getByLabel(/^Title/)).toHaveValue('Catering order');
  await page.getByRole('switch', { name: 'Public guest form' }).check();
  await expectAccessible(page, 'form settings');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/forms$/);
  await expect(row).toContainText('Public');

  // Delete the copy for good.
  await page.getByRole('button', { name: 'Delete Catering order (Copy)' }).click();
  await confirmWith(page, 'Delete');
  await expect(page.getByText('Forms deleted successfully')).toBeVisible();
  await expect(table.getByRole('row', { name: /\(Copy\)/ })).toHaveCount(0);
});
