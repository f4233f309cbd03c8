import { expectAccessible, seeded, signIn } from './support';
import { expect, type Locator, type Page, test } from './test';

async function pick(page: Page, scope: Locator, combobox: string, option: string) {
  await scope.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an organiser adds a rule, meets the refusal of a circle, and sees the rule work in Preview', async ({
  page,
}) => {
  const { admin } = seeded();
  const title = `Stand build ${Date.now()}`;
  await signIn(page, admin.email, admin.password);
  await page.goto('/admin/forms/add');
  await page.getByLabel(/^Title/).fill(title);
  await page.getByRole('button', { name: 'Add form' }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  const palette = page.getByRole('navigation', { name: 'Field types' });
  const settings = page.getByRole('region', { name: 'Field settings' });
  await palette.getByRole('button', { name: 'Dropdown', exact: true }).click();
  await settings.getByLabel('Label', { exact: true }).fill('Stand type');
  await settings.getByRole('button', { name: 'Add option' }).click();
  await settings.getByRole('textbox', { name: 'Option 1' }).fill('Shell scheme');
  await settings.getByRole('button', { name: 'Add option' }).click();
  await settings.getByRole('textbox', { name: 'Option 2' }).fill('Space only');
  await palette.getByRole('button', { name: 'Number', exact: true }).click();
  await settings.getByLabel('Label', { exact: true }).fill('Power sockets');
  await palette.getByRole('button', { name: 'Long Text', exact: true }).click();
  await settings.getByLabel('Label', { exact: true }).fill('Own build drawings');

  // The logic on Stand type: Shell scheme shows the sockets, anything else the drawings.
  await page.getByRole('button', { name: 'Select Stand type' }).click();
  const logic = settings.getByRole('region', { name: 'Logic' });
  await logic.getByRole('button', { name: 'Add logic' }).click();
  await expect(logic.getByRole('combobox', { name: 'Rule 1: field' })).toHaveValue('Stand type');
  await pick(page, logic, 'Rule 1: value', 'Shell scheme');
  await pick(page, logic, 'Then show', 'Power sockets');
  await pick(page, logic, 'Otherwise show', 'Own build drawings');
  const sentence = logic.getByRole('status', { name: 'What this logic does' });
  await expect(sentence).toHaveText(
    "Show 'Power sockets' when 'Stand type' is 'Shell scheme'; otherwise show 'Own build drawings'.",
  );
  await expectAccessible(page, 'logic editor');

  // Logic on Power sockets that shows Stand type goes round in a circle: the engine says so and
  // Save waits until it is undone.
  await page.getByRole('button', { name: 'Select Power sockets' }).click();
  await logic.getByRole('button', { name: 'Add logic' }).click();
  await pick(page, logic, 'Then show', 'Stand type');
  await expect(logic.getByRole('alert')).toContainText(
    /The logic goes round in a circle: whether "(Power sockets|Stand type)" is shown depends on/,
  );
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await expect(page.getByText(/logic problems? to fix before saving/)).toBeVisible();
  await logic.getByRole('button', { name: 'Remove logic' }).click();
  await expect(logic.getByRole('alert')).toBeHidden();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your updates have been successfully saved')).toBeVisible();
  // The rule came back from the server.
  await page.reload();
  await page.getByRole('button', { name: 'Select Stand type' }).click();
  await expect(sentence).toHaveText(
    "Show 'Power sockets' when 'Stand type' is 'Shell scheme'; otherwise show 'Own build drawings'.",
  );

  // Preview: nothing chosen shows the drawings; Shell scheme swaps them for the sockets.
  await page.getByText('Preview', { exact: true }).click();
  const preview = page.getByRole('region', { name: title });
  await expect(preview.getByRole('textbox', { name: 'Own build drawings' })).toBeVisible();
  await expect(preview.getByRole('textbox', { name: 'Power sockets' })).toBeHidden();
  await pick(page, preview, 'Stand type', 'Shell scheme');
  await expect(preview.getByRole('textbox', { name: 'Power sockets' })).toBeVisible();
  await expect(preview.getByRole('textbox', { name: 'Own build drawings' })).toBeHidden();
  await expectAccessible(page, 'preview with logic');
});
