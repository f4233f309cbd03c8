import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expectAccessible, signIn } from './support';
import { expect, type Page, test } from './test';

type Person = { email: string; password: string; firstName: string; surname: string };
type Quayside = { eventId: string; admin: { email: string; password: string }; members: { owner: Person } };
const quayside = (): Quayside => JSON.parse(readFileSync('.tmp/e2e-submissions.json', 'utf8'));

const option = (id: string, label: string) => ({ id, label, value: id });

/**
 * The stand build form, made through the API as the builder would save it: the fascia name is
 * asked (and required) only for a shell scheme stand; power is on a second page.
 */
async function makeStandBuildForm(page: Page, eventId: string): Promise<string> {
  const call = async (method: string, path: string, data: object = {}) => {
    const res = await page.request.fetch(`/api/events/${eventId}${path}`, { method, data });
    expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
    return res.status() === 204 ? null : res.json();
  };
  const made = await call('POST', '/forms', {
    form: { title: 'Stand build', isPublished: true, isPublic: true },
  });
  const formId: string = made.form.id;
  await call('POST', `/forms/${formId}/lock`);
  const standType = {
    id: randomUUID(),
    type: 'dropdown',
    label: 'Stand type',
    isRequired: true,
    options: [option('shell', 'Shell scheme'), option('own', 'Own build')],
  };
  const fascia = { id: randomUUID(), type: 'text', label: 'Fascia name', isRequired: true };
  const pageBreak = { id: randomUUID(), type: 'newPage', label: 'Power' };
  const sockets = { id: randomUUID(), type: 'number', label: 'Power sockets', isRequired: true };
  await call('PUT', `/forms/${formId}`, {
    form: {
      title: 'Stand build',
      isPublished: true,
      isPublic: true,
      fieldIds: [standType.id, fascia.id, pageBreak.id, sockets.id],
      logicMap: {
        [standType.id]: {
          rules: [{ sourceId: standType.id, sourceType: 'dropdown', sourceValue: 'shell' }],
          thenFieldId: fascia.id,
        },
      },
    },
    newFields: [standType, fascia, pageBreak, sockets],
    removedFieldIds: [made.fields[0].id],
  });
  await call('DELETE', `/forms/${formId}/lock`);
  await call('POST', '/teams', {
    name: 'Quayside Oysters',
    owner: { firstName: 'Ravi', surname: 'Shah', email: quayside().members.owner.email },
  });
  return formId;
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
}

test('a team saves a draft, comes back and submits; the organiser filters and exports; a guest submits on a phone', async ({
  page,
}) => {
  const { eventId, admin, members } = quayside();
  await signIn(page, admin.email, admin.password);
  const formId = await makeStandBuildForm(page, eventId);
  await signOut(page);

  // The team: the form is listed, not started.
  await signIn(page, members.owner.email, members.owner.password);
  await page.getByRole('link', { name: 'Forms', exact: true }).first().click();
  await expect(page).toHaveURL(/\/forms$/);
  const card = page.getByRole('listitem').filter({ hasText: 'Stand build' });
  await expect(card).toContainText('Not started');
  await expectAccessible(page, 'my forms');

  // Logic: the fascia name appears for a shell scheme stand only.
  await card.getByRole('link', { name: 'Stand build' }).click();
  const form = page.getByRole('form', { name: 'Stand build' });
  await expect(form.getByText('Page 1 of 2')).toBeVisible();
  await expect(form.getByLabel('Fascia name')).toHaveCount(0);
  await form.getByRole('combobox', { name: 'Stand type' }).click();
  await page.getByRole('option', { name: 'Shell scheme' }).click();
  await form.getByLabel('Fascia name').fill('Quayside Oysters');
  await expectAccessible(page, 'filling in a form');
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { name: 'Draft saved', level: 1 })).toBeVisible();
  await expectAccessible(page, 'draft saved');

  // Back later: the draft is there; the required answer on page two is asked for at its field.
  await page.goto('/forms');
  await expect(page.getByRole('listitem').filter({ hasText: 'Stand build' })).toContainText('Draft');
  await page.getByRole('link', { name: 'Stand build' }).click();
  await expect(form.getByLabel('Fascia name')).toHaveValue('Quayside Oysters');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByText('Page 2 of 2')).toBeVisible();
  await form.getByRole('button', { name: 'Submit' }).click();
  const sockets = form.getByRole('textbox', { name: /Power sockets/ });
  await expect(sockets).toHaveAttribute('aria-invalid', 'true');
  await expect(sockets).toBeFocused();
  await sockets.fill('2');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await expectAccessible(page, 'confirmation');
  await page.getByRole('link', { name: 'See your submissions' }).click();
  await page.getByRole('table', { name: 'Submissions' }).getByRole('link').first().click();
  await expect(page.getByRole('table', { name: 'Answers' })).toContainText('Quayside Oysters');
  await expectAccessible(page, 'my submission');
  await signOut(page);

  // The organiser: the submission is listed; a filter on drafts finds none; the XLSX has it.
  await signIn(page, admin.email, admin.password);
  await page.goto('/admin/forms');
  await page.getByRole('link', { name: 'Submissions of Stand build' }).click();
  const table = page.getByRole('table', { name: 'Submissions' });
  await expect(table.getByRole('row').filter({ hasText: 'Quayside Oysters' })).toContainText('Submitted');
  await expectAccessible(page, 'submissions');
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Draft' }).click();
  await expect(page.getByText('No submissions match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export XLSX' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^stand-build-submissions-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const rows = (workbook.worksheets[0]?.getSheetValues() ?? []).filter(Boolean) as unknown[][];
  const header = rows[0]?.slice(1) ?? [];
  expect(header).toEqual(
    expect.arrayContaining(['Team', 'State', '1. Stand type', '2. Fascia name', '3. Power sockets']),
  );
  const line = rows[1]?.slice(1) ?? [];
  expect(line).toEqual(expect.arrayContaining(['Quayside Oysters', 'Submitted', 'Shell scheme', '2']));
  await table.getByRole('link', { name: 'Quayside Oysters' }).click();
  await expect(page.getByRole('heading', { name: 'Stand build: edit submission' })).toBeVisible();
  await expect(page.getByLabel('Fascia name')).toHaveValue('Quayside Oysters');
  await expectAccessible(page, 'edit submission');
  await signOut(page);

  // A guest on a phone: the public form, no account.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/guests/forms/${formId}`);
  const guestForm = page.getByRole('form', { name: 'Stand build' });
  await guestForm.getByRole('combobox', { name: 'Stand type' }).click();
  await page.getByRole('option', { name: 'Own build' }).click();
  await guestForm.getByRole('button', { name: 'Next' }).click();
  await guestForm.getByRole('textbox', { name: /Power sockets/ }).fill('1');
  await expectAccessible(page, 'guest form');
  await guestForm.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
