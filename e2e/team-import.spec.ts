import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { emailedLink, expectAccessible, signIn } from './support';
import { expect, type Page, test } from './test';

/** The import's own event and admin (e2e/start-server.mjs): the import is admin only (spec). */
const valley = (): { eventId: string; admin: { email: string; password: string } } =>
  JSON.parse(readFileSync('.tmp/e2e-team-import.json', 'utf8'));

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });

const HEADER = 'Team Name,First Name,Surname,Email,Team Type,Organiser';
const GOOD = [
  'Brecon Honey,Carys,Morgan,Carys.Morgan@brecon-honey.example,Producer,No',
  'Usk Valley Cider,Dylan,Evans,dylan@usk-cider.example,Producer,',
  'Show Office,Megan,Rees,megan.rees@valley-show.example,,Yes',
];
const BAD = [
  '=HYPERLINK("http://x"),Evil,Formula,evil@formula.example,,',
  'Twin Farm,Alun,Twin,twins@farm.example,,',
  'Twin Dairy,Bethan,Twin,TWINS@farm.example,,',
  'Lost Co,Ifan,Lost,not-an-email,Producer,',
];

test('bulk team import: template, preview with errors, the import job, results, and coming back', async ({
  page,
}) => {
  const { eventId, admin } = valley();
  mkdirSync('.tmp/e2e-files', { recursive: true });
  mkdirSync('/tmp/shots', { recursive: true });
  await signIn(page, admin.email, admin.password);
  const typeRes = await page.request.post(`/api/events/${eventId}/team-types`, {
    data: { name: 'Producer' },
  });
  expect(typeRes.status()).toBe(201);

  // The admin hub leads to the import screen, which starts with nothing imported.
  await page.goto('/admin');
  await page.getByRole('link', { name: /Import teams/ }).click();
  await expect(page).toHaveURL(/\/admin\/teams\/import$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import teams' })).toBeVisible();
  await expect(page.getByText('There are no imports in this event yet.')).toBeVisible();
  await expectAccessible(page, 'team import (empty)');

  // The template downloads with the spec's columns.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV template' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('team-import-template.csv');
  const template = readFileSync(await download.path(), 'utf8').replace(/^\ufeff/, '');
  expect(template.trim()).toBe(HEADER);

  // A file of the wrong type is refused before anything is stored.
  const notes = '.tmp/e2e-files/notes.txt';
  writeFileSync(notes, 'not a spreadsheet');
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles(notes);
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Upload a CSV or XLSX file' })).toBeVisible();

  // The preview: ready rows, and each rejected row with its row number and column.
  const csv = '.tmp/e2e-files/valley-teams.csv';
  writeFileSync(csv, [HEADER, ...GOOD, ...BAD].join('\r\n'));
  await fileInput.setInputFiles(csv);
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByText('7 rows in the file: 3 ready, 0 already imported, 4 rejected.')).toBeVisible();
  const preview = page.getByRole('table', { name: 'Preview of the file' });
  await expect(preview.getByRole('row')).toHaveCount(8);
  await expect(preview.getByRole('row').filter({ hasText: 'Evil' })).toContainText(
    'Team Name: Formulas are not allowed',
  );
  await expect(preview.getByRole('row').filter({ hasText: 'Alun' })).toContainText(
    'Email: Duplicate email in this file (rows 7)',
  );
  await expect(preview.getByRole('row').filter({ hasText: 'Ifan' })).toContainText('Email: Invalid email');
  await expectAccessible(page, 'team import preview');
  await shot(page, 'team-import-preview');

  // Nothing is written until the import starts, and starting asks first.
  await page.goto('/admin/teams');
  await expect(page.getByText('There are no teams in this event yet.')).toBeVisible();
  await page.goto('/admin/teams/import');
  await page.getByRole('button', { name: 'Start import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start import' });
  await dialog.getByRole('textbox').fill('CONFIRM');
  await dialog.getByRole('button', { name: 'Start import' }).click();

  // The job runs in the background; its progress and result come on the event stream (the
  // screen polls only while the stream is down).
  await expect(page.getByText('Finished: 3 created, 0 already imported, 0 failed.')).toBeVisible({
    timeout: 30_000,
  });
  const results = page.getByRole('table', { name: 'Import results' });
  const honey = results.getByRole('row').filter({ hasText: 'Brecon Honey' });
  await expect(honey).toContainText('Created');
  await expect(honey.getByText('Passed')).toHaveCount(4);
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  // The table dims while it refetches; axe should see it settled.
  await expect(results).toHaveAttribute('aria-busy', 'false');
  await expect(results).toHaveCSS('opacity', '1');
  await expectAccessible(page, 'team import results');
  await shot(page, 'team-import-results');

  // Leaving and coming back shows the same import; the teams and the welcome emails are there.
  await page.goto('/admin/teams');
  const teams = page.getByRole('table', { name: 'Teams' });
  await expect(teams.getByRole('row')).toHaveCount(4);
  await expect(teams).toContainText('carys.morgan@brecon-honey.example');
  await page.goBack();
  await expect(page.getByText('Finished: 3 created, 0 already imported, 0 failed.')).toBeVisible();
  expect(await emailedLink('seeded', 'carys.morgan@brecon-honey.example', '/auth/set-password')).toContain(
    '/auth/set-password?token=',
  );

  // The same file again creates nothing: its rows are already imported.
  await fileInput.setInputFiles(csv);
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByText('7 rows in the file: 0 ready, 3 already imported, 4 rejected.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start import' })).toHaveCount(0);
});
