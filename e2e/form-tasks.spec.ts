import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expectAccessible, signIn } from './support';
import { expect, type Page, test } from './test';

type Person = { email: string; password: string; firstName: string; surname: string };
type Estuary = { eventId: string; admin: { email: string; password: string }; members: { owner: Person } };
const estuary = (): Estuary => JSON.parse(readFileSync('.tmp/e2e-form-tasks.json', 'utf8'));

/** The catering order form (published, one required answer) and the team that fills it, made by API. */
async function makeCateringForm(page: Page, eventId: string, owner: Person): Promise<void> {
  const call = async (method: string, path: string, data: object = {}) => {
    const res = await page.request.fetch(`/api/events/${eventId}${path}`, { method, data });
    expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
    return res.status() === 204 ? null : res.json();
  };
  const made = await call('POST', '/forms', { form: { title: 'Catering order', isPublished: true } });
  const formId: string = made.form.id;
  await call('POST', `/forms/${formId}/lock`);
  const covers = { id: randomUUID(), type: 'number', label: 'Lunches per day', isRequired: true };
  await call('PUT', `/forms/${formId}`, {
    form: { title: 'Catering order', isPublished: true, fieldIds: [covers.id] },
    newFields: [covers],
    removedFieldIds: [made.fields[0].id],
  });
  await call('DELETE', `/forms/${formId}/lock`);
  await call('POST', '/teams', {
    name: 'Menai Mussels',
    owner: { firstName: owner.firstName, surname: owner.surname, email: owner.email },
  });
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
}

test('an organiser links a task to a form; the team opens it from its tasks, submits, and the task is complete', async ({
  page,
}) => {
  const { eventId, admin, members } = estuary();
  await signIn(page, admin.email, admin.password);
  await makeCateringForm(page, eventId, members.owner);

  // The organiser adds a form task: the form is required, then chosen by searching for it.
  await page.goto('/admin/tasks/add');
  await page.getByRole('textbox', { name: 'Title' }).fill('Order your catering');
  await page.getByLabel(/Due date/).fill('2027-05-20');
  await page.getByRole('combobox', { name: 'Type', exact: true }).click();
  await page.getByRole('option', { name: 'Form', exact: true }).click();
  await page.getByRole('button', { name: 'Add task' }).click();
  await expect(page.getByText('Choose the form this task links to')).toBeVisible();
  const formBox = page.getByRole('combobox', { name: 'Form', exact: true });
  await formBox.fill('cater');
  await page.getByRole('option', { name: 'Catering order' }).click();
  await expect(page.getByText('Teams complete this task by submitting the form.')).toBeVisible();
  await expectAccessible(page, 'form task');
  await page.getByRole('button', { name: 'Add task' }).click();
  const table = page.getByRole('table', { name: 'Tasks' });
  const row = table.getByRole('row').filter({ hasText: 'Order your catering' });
  await expect(row.getByRole('link', { name: 'Catering order' })).toHaveAttribute('href', /\/admin\/forms\//);
  await expectAccessible(page, 'tasks with a form task');
  await signOut(page);

  // The team: the task cannot be ticked; it is done by filling in the form.
  await signIn(page, members.owner.email, members.owner.password);
  await page.goto('/tasks');
  const line = page.getByRole('region').filter({ hasText: 'Order your catering' });
  await expect(line.getByRole('button', { name: 'Mark Order your catering complete' })).toHaveCount(0);
  await line.getByRole('link', { name: 'Order your catering', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Order your catering' });
  await expect(drawer.getByText('This task completes when your team submits the form.')).toBeVisible();
  await expectAccessible(page, 'form task drawer');
  await drawer.getByRole('link', { name: 'Fill in the form for Order your catering' }).click();
  const form = page.getByRole('form', { name: 'Catering order' });
  await form.getByRole('textbox', { name: /Lunches per day/ }).fill('4');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();

  // Back on the tasks: complete, with no way to untick it.
  await page.getByRole('link', { name: 'Tasks', exact: true }).first().click();
  await expect(page).toHaveURL(/\/tasks$/);
  const done = page.getByRole('region').filter({ hasText: 'Order your catering' });
  await expect(done.getByText('Complete', { exact: true })).toBeVisible();
  await expect(done.getByRole('button', { name: 'Mark Order your catering incomplete' })).toHaveCount(0);
  await done.getByRole('link', { name: 'Order your catering', exact: true }).click();
  await expect(
    page.getByRole('dialog', { name: 'Order your catering' }).getByText(/Your team submitted the form/),
  ).toBeVisible();
  await expectAccessible(page, 'completed form task');
});
