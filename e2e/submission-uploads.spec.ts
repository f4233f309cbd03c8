import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { expectAccessible, signIn } from './support';
import { expect, type Page, test } from './test';

type Person = { email: string; password: string; firstName: string; surname: string };
type Harbour = { eventId: string; admin: { email: string; password: string }; members: { owner: Person } };
const harbour = (): Harbour => JSON.parse(readFileSync('.tmp/e2e-submission-uploads.json', 'utf8'));

/** A small PDF a person would have on their computer. */
const floorPlan = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

/** A small photo of a stand, as a camera would give it (a real PNG: the server reads images). */
const standPhoto = (background: string) =>
  sharp({ create: { width: 32, height: 24, channels: 3, background } })
    .png()
    .toBuffer();

/**
 * The stand plans form, made through the API as the builder saves it: a floor plan (documents,
 * 2 MB) and stand photos (images, several at once).
 */
async function makeStandPlansForm(page: Page, eventId: string, ownerEmail: string): Promise<string> {
  const call = async (method: string, path: string, data: object = {}) => {
    const res = await page.request.fetch(`/api/events/${eventId}${path}`, { method, data });
    expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
    return res.status() === 204 ? null : res.json();
  };
  const made = await call('POST', '/forms', { form: { title: 'Stand plans', isPublished: true } });
  const formId: string = made.form.id;
  await call('POST', `/forms/${formId}/lock`);
  const plan = {
    id: randomUUID(),
    type: 'upload',
    label: 'Floor plan',
    isRequired: true,
    accept: ['docs'],
    hasMaxFileSize: true,
    maxFileSizeMB: 2,
  };
  const hall = { id: randomUUID(), type: 'text', label: 'Hall and stand number', isRequired: true };
  const photos = {
    id: randomUUID(),
    type: 'upload',
    label: 'Stand photos',
    accept: ['images'],
    isMulti: true,
  };
  await call('PUT', `/forms/${formId}`, {
    form: { title: 'Stand plans', isPublished: true, fieldIds: [hall.id, plan.id, photos.id] },
    newFields: [hall, plan, photos],
    removedFieldIds: [made.fields[0].id],
  });
  await call('DELETE', `/forms/${formId}/lock`);
  await call('POST', '/teams', {
    name: 'Northwind Boats',
    owner: { firstName: 'Tomas', surname: 'Berg', email: ownerEmail },
  });
  return formId;
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
}

test('a team member uploads a floor plan and submits; the organiser opens the file and the PDF', async ({
  page,
}) => {
  const { eventId, admin, members } = harbour();
  await signIn(page, admin.email, admin.password);
  const formId = await makeStandPlansForm(page, eventId, members.owner.email);
  await signOut(page);

  // The team member fills in the form: a wrong kind of file is refused at the field, a PDF uploads.
  await signIn(page, members.owner.email, members.owner.password);
  await page.getByRole('link', { name: 'Forms', exact: true }).first().click();
  await page.getByRole('link', { name: 'Stand plans' }).click();
  const form = page.getByRole('form', { name: 'Stand plans' });
  // Two photos chosen at once, before anything else (so before the first autosave, and with no
  // draft yet): both are sent under one submission, and both are in the draft the autosave makes.
  await form.getByLabel('Stand photos').setInputFiles([
    { name: 'stand-front.png', mimeType: 'image/png', buffer: await standPhoto('#0b3d91') },
    { name: 'stand-side.png', mimeType: 'image/png', buffer: await standPhoto('#37a0e6') },
  ]);
  await expect(form.getByRole('link', { name: 'stand-front.png' })).toBeVisible();
  await expect(form.getByRole('link', { name: 'stand-side.png' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Draft saved/ })).toBeVisible();
  await expect
    .poll(async () => {
      const draft = (await (await page.request.get(`/api/events/${eventId}/my-forms/${formId}`)).json())
        .draft;
      return JSON.stringify(draft?.values ?? {});
    })
    .toMatch(/stand-front\.png.*stand-side\.png/);
  // The draft holds both: a reload opens it with the two photos.
  await page.reload();
  await expect(form.getByRole('link', { name: 'stand-front.png' })).toBeVisible();
  await expect(form.getByRole('link', { name: 'stand-side.png' })).toBeVisible();
  await form.getByLabel('Hall and stand number').fill('Hall 2, stand B14');
  const chooser = form.getByLabel('Floor plan');
  await chooser.setInputFiles({
    name: 'boat.mp4',
    mimeType: 'video/mp4',
    buffer: Buffer.from('....ftypmp42'),
  });
  await expect(form.getByRole('alert')).toContainText(
    '"boat.mp4" is not an accepted file type. Upload a document (PDF, Word, spreadsheet, presentation or text)',
  );
  await chooser.setInputFiles({ name: 'floor-plan.pdf', mimeType: 'application/pdf', buffer: floorPlan });
  await expect(form.getByRole('link', { name: 'floor-plan.pdf' })).toBeVisible();
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expectAccessible(page, 'a form with an upload');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await page.getByRole('link', { name: 'See your submissions' }).click();
  await page.getByRole('table', { name: 'Submissions' }).getByRole('link').first().click();
  const answers = page.getByRole('table', { name: 'Answers' });
  await expect(answers.getByRole('link', { name: 'floor-plan.pdf' })).toBeVisible();
  await expect(answers.getByRole('link', { name: 'stand-front.png' })).toBeVisible();
  await expect(answers.getByRole('link', { name: 'stand-side.png' })).toBeVisible();
  await expectAccessible(page, 'my submission with a file');
  const [teamPdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(teamPdf.suggestedFilename()).toMatch(/^stand-plans-submission-\d{4}-\d{2}-\d{2}\.pdf$/);
  await signOut(page);

  // The organiser opens the submission, the uploaded file (the same bytes) and the PDF.
  await signIn(page, admin.email, admin.password);
  await page.goto('/admin/forms');
  await page.getByRole('link', { name: 'Submissions of Stand plans' }).click();
  await page
    .getByRole('table', { name: 'Submissions' })
    .getByRole('link', { name: 'Northwind Boats' })
    .click();
  await expect(page.getByRole('heading', { name: 'Stand plans: edit submission' })).toBeVisible();
  const fileLink = page.getByRole('link', { name: 'floor-plan.pdf' });
  await expect(fileLink).toBeVisible();
  await expectAccessible(page, 'organiser opens a submission with a file');
  const href = await fileLink.getAttribute('href');
  expect(href).toMatch(new RegExp(`^/api/events/${eventId}/files/`));
  const file = await page.request.get(href ?? '');
  expect(file.status()).toBe(200);
  expect(Buffer.from(await file.body()).equals(floorPlan)).toBe(true);
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  const bytes = readFileSync((await pdf.path()) ?? '');
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(500);
});
