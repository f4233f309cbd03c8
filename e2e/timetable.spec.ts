import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import { expectAccessible, signIn } from './support';
import { expect, test } from './test';

type Meadow = {
  eventId: string;
  admin: { email: string; password: string };
  members: Record<'grower', { email: string; password: string }>;
};
const meadow = (): Meadow => JSON.parse(readFileSync('.tmp/e2e-timetable.json', 'utf8'));

const eventsOf = (text: string) =>
  new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));

test('an organiser builds the programme; a member reads it on a phone, adds a session to their calendar and subscribes', async ({
  page,
  browser,
  playwright,
}) => {
  const { eventId, admin, members } = meadow();
  await signIn(page, admin.email, admin.password);

  // A track first, from the time table's own screen.
  await page.goto('/admin/time-table');
  await expect(page.getByText('There are no sessions in this event yet.')).toBeVisible();
  await expectAccessible(page, 'admin time table (empty)');
  await page.getByRole('link', { name: 'Tracks' }).click();
  await expect(page).toHaveURL(/\/admin\/time-table\/tracks$/);
  await page.getByLabel(/^Track name/).fill('Build-up');
  await page.getByRole('button', { name: 'Add track' }).click();
  await expect(page.getByRole('row', { name: /Build-up/ })).toBeVisible();
  await expectAccessible(page, 'tracks');

  // A session across the night before opening, in the event's time zone (London, BST).
  await page.goto('/admin/time-table/add');
  await page.getByLabel(/^Title/).fill('Marquee build');
  await page.getByLabel(/^Starts/).fill('2027-05-09T22:00');
  await page.getByLabel(/^Ends/).fill('2027-05-10T06:00');
  await page.getByLabel(/^Location/).fill('Lower meadow, gate 2');
  await page.getByRole('combobox', { name: 'Track' }).click();
  await page.getByRole('option', { name: 'Build-up' }).click();
  await page.getByLabel(/^Description/).fill('Vans unload at gate 2; hi-vis at all times.');
  await expectAccessible(page, 'add session');
  await page.getByRole('button', { name: 'Save session' }).click();
  await expect(page).toHaveURL(/\/admin\/time-table$/);
  const list = page.getByRole('table', { name: 'Sessions' });
  await expect(list).toContainText('Marquee build');
  await expect(list).toContainText('22:00 – Mon 10 May 06:00');
  await expectAccessible(page, 'admin time table');

  // Duplicate, then delete the copy after confirming.
  await list.getByRole('button', { name: 'Duplicate' }).click();
  await expect(list).toContainText('Marquee build (copy)');
  await list
    .getByRole('row', { name: /Marquee build \(copy\)/ })
    .getByRole('button', { name: 'Delete' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete session' });
  await dialog.getByLabel("Type 'CONFIRM' to continue").fill('CONFIRM');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(list).not.toContainText('Marquee build (copy)');

  // The time table is unpublished by default (spec): the organiser publishes its core page.
  const published = await page.request.put(`/api/events/${eventId}/core-pages/timeTable`, {
    data: { title: '', icon: 'calendar', isPublished: true },
  });
  expect(published.status()).toBe(200);

  // A member on a phone.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, acceptDownloads: true });
  const member = await phone.newPage();
  await signIn(member, members.grower.email, members.grower.password);
  await member.goto('/time-table');
  await expect(member.getByRole('heading', { name: /^Sunday,? 9 May 2027$/ })).toBeVisible();
  const card = member.getByRole('article', { name: 'Marquee build' });
  await expect(card).toContainText('22:00 – Mon 10 May 06:00');
  await expect(card).toContainText('Lower meadow, gate 2');
  await expect(card).toContainText('Build-up');
  // Nothing wider than the phone's screen.
  const overflow = await member.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(member, 'time table on a phone');

  // Filters: a day without the session shows nothing for it.
  await member.getByRole('combobox', { name: 'Track' }).click();
  await member.getByRole('option', { name: 'No track' }).click();
  await expect(member.getByText('No sessions match these filters.')).toBeVisible();
  await member.getByRole('combobox', { name: 'Track' }).click();
  await member.getByRole('option', { name: 'Build-up' }).click();
  await expect(card).toBeVisible();

  // The grid: locations as columns, time down the side, scrolling inside its own box on a phone.
  await member.locator('label', { hasText: /^Grid$/ }).click();
  await expect(member.getByRole('radio', { name: 'Grid' })).toBeChecked();
  await expect(member).toHaveURL(/view=grid/);
  const grid = member.getByRole('region', { name: /^Sunday,? 9 May 2027: sessions by location and time$/ });
  await expect(grid).toBeVisible();
  await expect(grid.getByText('Lower meadow, gate 2', { exact: true })).toBeVisible();
  const block = grid.getByRole('article', { name: 'Marquee build' });
  await expect(block).toContainText('22:00 – Mon 10 May 06:00');
  await expect(grid.getByText('22:00', { exact: true })).toBeVisible();
  // The grid's box takes focus (so arrow keys scroll it); Tab then reaches the session's link.
  await grid.focus();
  await expect(grid).toBeFocused();
  await member.keyboard.press('Tab');
  await expect(block.getByRole('link', { name: 'Add to calendar' })).toBeFocused();
  const pageOverflow = await member.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(pageOverflow).toBeLessThanOrEqual(0);
  await expectAccessible(member, 'time table grid on a phone');
  await member.locator('label', { hasText: /^Agenda$/ }).click();
  await expect(card).toBeVisible();

  // Add to calendar: an .ics file another library reads back at the right instants.
  const [download] = await Promise.all([
    member.waitForEvent('download'),
    card.getByRole('link', { name: 'Add to calendar' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('marquee-build.ics');
  const file = readFileSync(String(await download.path()), 'utf8');
  const [event] = eventsOf(file);
  expect(event.summary).toBe('Marquee build');
  expect(event.startDate.toJSDate().toISOString()).toBe('2027-05-09T21:00:00.000Z');
  expect(event.endDate.toJSDate().toISOString()).toBe('2027-05-10T05:00:00.000Z');

  // The private feed: made on request, readable with no session at all.
  await member.getByRole('button', { name: 'Copy calendar feed address' }).click();
  const address = await member.getByRole('textbox', { name: 'Your calendar feed address' }).inputValue();
  expect(address).toMatch(/\/api\/public\/events\/[\w-]+\/calendar\/[\w-]+\.ics$/);
  await expectAccessible(member, 'time table with its feed address');
  const anonymous = await playwright.request.newContext();
  const feed = await anonymous.get(address);
  expect(feed.status()).toBe(200);
  expect(eventsOf(await feed.text()).map((e) => e.summary)).toEqual(['Marquee build']);
  await anonymous.dispose();
  await phone.close();
});
