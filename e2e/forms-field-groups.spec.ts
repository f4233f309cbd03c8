import { expectAccessible, seeded, signIn } from './support';
import { expect, type Page, test } from './test';

async function confirmWith(page: Page, action: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel("Type 'CONFIRM' to continue").fill('CONFIRM');
  await dialog.getByRole('button', { name: action }).click();
  await expect(dialog).toBeHidden();
}

/** Adds a group from the manage screen; the builder opens on it. */
async function addGroup(page: Page, title: string) {
  await page.getByRole('link', { name: 'Add field group' }).first().click();
  await expect(page.getByRole('heading', { name: 'Add field group', level: 1 })).toBeVisible();
  await page.getByLabel(/^Title/).fill(title);
  await page.getByRole('button', { name: 'Add field group' }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText('The field group has been added: add its fields')).toBeVisible();
}

test('an admin manages field groups: add and build one, duplicate, settings, use it in a form, archive, delete and restore', async ({
  page,
}) => {
  const { admin } = seeded();
  await signIn(page, admin.email, admin.password);
  // Olivia is admin of Harbourside (moderator of Northern, where field groups are not hers).
  await page.goto('/my-events');
  await page.getByRole('button', { name: 'Open Harbourside Food & Drink Expo 2027' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/admin/forms');
  const shortcuts = page.getByRole('navigation', { name: 'Forms shortcuts' });
  await expect(shortcuts.getByRole('button', { name: /Archived Field Groups/ })).toBeDisabled();
  await shortcuts.getByRole('link', { name: /^Field Groups/ }).click();
  await expect(page).toHaveURL(/\/admin\/field-groups$/);
  await expect(page.getByRole('heading', { name: 'Field groups', level: 1 })).toBeVisible();
  await expectAccessible(page, 'field groups');

  // Add: the builder opens on the new group, built with the form builder's pieces.
  await addGroup(page, 'Guest details');
  await expect(page.getByText('No fields yet: add one from the field types.')).toBeVisible();
  const palette = page.getByRole('navigation', { name: 'Field types' });
  const settings = page.getByRole('region', { name: 'Field settings' });
  await expect(palette.getByText('Reusable groups')).toHaveCount(0);
  await palette.getByRole('button', { name: 'Short Text', exact: true }).click();
  await settings.getByLabel('Label', { exact: true }).fill('Guest name');
  await palette.getByRole('button', { name: 'Email', exact: true }).click();
  await settings.getByLabel('Label', { exact: true }).fill('Guest email');
  await expectAccessible(page, 'field group builder');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your updates have been successfully saved')).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Field groups', exact: true }).click();
  await addGroup(page, 'Parking');
  await page.getByRole('main').getByRole('link', { name: 'Field groups', exact: true }).click();
  const table = page.getByRole('table', { name: 'Field groups' });
  const titles = () => table.getByRole('row').locator('td a:not([aria-label])').allTextContents();
  await expect.poll(titles).toEqual(['Guest details', 'Parking']);
  await expect(
    table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Guest details', exact: true }) }),
  ).toContainText('2');

  // Duplicate: '(Copy)', unpublished, in title order.
  await page.getByRole('button', { name: 'Duplicate Guest details' }).click();
  await expect(page.getByText('Guest details (Copy) has been added, unpublished')).toBeVisible();
  await expect.poll(titles).toEqual(['Guest details', 'Guest details (Copy)', 'Parking']);
  await expect(
    table
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'Guest details (Copy)', exact: true }) }),
  ).toContainText('Unpublished');

  // Settings.
  await page.getByRole('link', { name: 'Settings of Parking' }).click();
  await expect(page.getByRole('heading', { name: 'Parking: settings', level: 1 })).toBeVisible();
  await expectAccessible(page, 'field group settings');
  await page.getByLabel(/^Title/).fill('Car parking');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your updates have been successfully saved')).toBeVisible();
  await expect.poll(titles).toEqual(['Car parking', 'Guest details', 'Guest details (Copy)']);

  // A form embeds Guest details, so it cannot be deleted later.
  await page.goto('/admin/forms/add');
  await page.getByLabel(/^Title/).fill(`Gala dinner ${Date.now()}`);
  await page.getByRole('button', { name: 'Add form' }).click();
  await page.getByRole('button', { name: 'Add field group Guest details' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your updates have been successfully saved')).toBeVisible();

  // The template's group can be changed after it was added: the unpublished copy is not offered.
  const templateSettings = page.getByRole('region', { name: 'Field settings' });
  const groupChoice = templateSettings.getByRole('combobox', { name: 'Field group' });
  await expect(groupChoice).toHaveValue('Guest details');
  await groupChoice.click();
  await expect(page.getByRole('option', { name: 'Guest details (Copy)' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Car parking' }).click();
  // The label was the group's title, so it follows the group.
  await expect(templateSettings.getByLabel('Label', { exact: true })).toHaveValue('Car parking');
  await expectAccessible(page, "a template's field group");
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your updates have been successfully saved')).toBeVisible();
  await page.reload();
  await page
    .getByRole('region', { name: 'Form fields' })
    .getByRole('button', { name: 'Select Car parking' })
    .click();
  await expect(groupChoice).toHaveValue('Car parking');
  // And back, so the form embeds Guest details for what follows.
  await groupChoice.click();
  await page.getByRole('option', { name: 'Guest details', exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your updates have been successfully saved')).toBeVisible();

  // Archive both Guest details groups together.
  await page.goto('/admin/field-groups');
  for (const name of ['Guest details', 'Guest details (Copy)']) {
    await table
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name, exact: true }) })
      .getByRole('checkbox', { name: 'Select row' })
      .check();
  }
  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Archive' }).click();
  await confirmWith(page, 'Archive');
  await expect(page.getByText('Field groups archived successfully')).toBeVisible();
  await expect.poll(titles).toEqual(['Car parking']);

  // Archived: search, then bulk delete refused while a form uses one, in the spec's words.
  await shortcuts.getByRole('link', { name: /Archived Field Groups/ }).click();
  await expect(page.getByRole('heading', { name: 'Archived field groups', level: 1 })).toBeVisible();
  const archived = page.getByRole('table', { name: 'Archived field groups' });
  const archivedTitles = () => archived.getByRole('row').locator('td a:not([aria-label])').allTextContents();
  await expect.poll(archivedTitles).toEqual(['Guest details', 'Guest details (Copy)']);
  await page.getByRole('searchbox', { name: 'Search' }).fill('Copy');
  await expect.poll(archivedTitles).toEqual(['Guest details (Copy)']);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect.poll(archivedTitles).toEqual(['Guest details', 'Guest details (Copy)']);
  await expectAccessible(page, 'archived field groups');
  await archived.getByRole('checkbox', { name: 'Select all rows' }).check();
  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
  await confirmWith(page, 'Delete');
  await expect(page.getByText('Field groups used in forms cannot be deleted')).toBeVisible();
  await expect(page.getByRole('toolbar', { name: 'Bulk actions' })).toBeHidden();
  await expect.poll(archivedTitles).toEqual(['Guest details', 'Guest details (Copy)']);

  const rowOf = (name: string) =>
    archived.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await rowOf('Guest details (Copy)').getByRole('checkbox', { name: 'Select row' }).check();
  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
  await confirmWith(page, 'Delete');
  await expect(page.getByText('Field groups deleted successfully')).toBeVisible();
  await expect.poll(archivedTitles).toEqual(['Guest details']);

  await rowOf('Guest details').getByRole('checkbox', { name: 'Select row' }).check();
  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Restore' }).click();
  await confirmWith(page, 'Restore');
  await expect(page.getByText('Field groups restored successfully')).toBeVisible();
  await expect(shortcuts.getByRole('button', { name: /Archived Field Groups/ })).toBeDisabled();
  await shortcuts.getByRole('link', { name: /^Field Groups/ }).click();
  await expect.poll(titles).toEqual(['Car parking', 'Guest details']);
});
