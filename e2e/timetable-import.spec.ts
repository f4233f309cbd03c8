import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { expectAccessible, signIn } from './support';
import { expect, test } from './test';

type Orchard = { eventId: string; moderator: { email: string; password: string } };
const orchard = (): Orchard => JSON.parse(readFileSync('.tmp/e2e-timetable-import.json', 'utf8'));

const HEADER = 'Title,Starts,Ends,Location,Description,Track,Team Types,Show to stand shares';
const rows = (breakdownEnds: string) => [
  'Stand build,2027-09-13 08:00,2027-09-13 20:00,Halls A and B,Shell scheme stands open at 08:00,Build-up,,',
  'Exhibitor briefing,2027-09-14 08:30,2027-09-14 09:00,Cider barn,,,,No',
  `Breakdown,2027-09-16 18:00,${breakdownEnds},Halls A and B,,Build-up,,`,
];

test('a moderator imports the programme from a spreadsheet: template, a bad row, the fix, the import', async ({
  page,
}) => {
  const { eventId, moderator } = orchard();
  mkdirSync('.tmp/e2e-files', { recursive: true });
  await signIn(page, moderator.email, moderator.password);
  const track = await page.request.post(`/api/events/${eventId}/time-table/tracks`, {
    data: { name: 'Build-up', color: '#e8590c' },
  });
  expect(track.status()).toBe(201);

  await page.goto('/admin/time-table');
  await page.getByRole('link', { name: 'Import sessions' }).click();
  await expect(page).toHaveURL(/\/admin\/time-table\/import$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import sessions' })).toBeVisible();
  await expectAccessible(page, 'time table import (empty)');

  // Both templates download; the CSV holds the header row only.
  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV template' }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toBe('time-table-import-template.csv');
  const template = readFileSync(await csvDownload.path(), 'utf8').replace(/^\ufeff/, '');
  expect(template.trim()).toBe(HEADER);
  const [xlsxDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download XLSX template' }).click(),
  ]);
  expect(xlsxDownload.suggestedFilename()).toBe('time-table-import-template.xlsx');

  // The file with one bad row: the breakdown ends before it starts. Nothing is written yet.
  const file = '.tmp/e2e-files/orchard-programme.csv';
  writeFileSync(file, [template.trim(), ...rows('2027-09-16 07:00')].join('\r\n'));
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles(file);
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(
    page.getByText('3 rows in the file: 2 ready, 0 already in the time table, 1 rejected.'),
  ).toBeVisible();
  const preview = page.getByRole('table', { name: 'Preview of the file' });
  const breakdown = preview.getByRole('row').filter({ hasText: 'Breakdown' });
  await expect(breakdown).toContainText('Rejected');
  await expect(breakdown).toContainText('Ends: End after the start');
  await expectAccessible(page, 'time table import preview');

  // Fixed in the file and checked again: every row is ready, and the import asks first.
  writeFileSync(file, [template.trim(), ...rows('2027-09-16 23:00')].join('\r\n'));
  await fileInput.setInputFiles(file);
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(
    page.getByText('3 rows in the file: 3 ready, 0 already in the time table, 0 rejected.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Import 3 sessions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import sessions' });
  await dialog.getByRole('textbox').fill('CONFIRM');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(
    page.getByText(/^Finished: 3 created, 0 already in the time table, 0 rejected, 0 failed\./),
  ).toBeVisible();
  const results = page.getByRole('table', { name: 'Import results' });
  await expect(results.getByRole('row').filter({ hasText: 'Created' })).toHaveCount(3);
  await expectAccessible(page, 'time table import results');

  // The sessions are in the list.
  await page.getByRole('link', { name: 'See the time table' }).click();
  await expect(page).toHaveURL(/\/admin\/time-table$/);
  const list = page.getByRole('table', { name: 'Sessions' });
  for (const title of ['Stand build', 'Exhibitor briefing', 'Breakdown'])
    await expect(list).toContainText(title);

  // The same file again creates nothing.
  await page.goto('/admin/time-table/import');
  await page.locator('input[type="file"]').setInputFiles(file);
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(
    page.getByText('3 rows in the file: 0 ready, 3 already in the time table, 0 rejected.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);
});
