import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import { expectAccessible, seeded, signIn } from './support';
import { expect, type Page, test } from './test';

const openEvent = async (page: Page, name: string) => {
  await page.goto('/my-events');
  await page.getByRole('button', { name: `Open ${name}` }).click();
  await expect(page).toHaveURL(/\/$/);
};

/** A photo-sized picture with a caption, as a camera would hand over (3:2, larger than the large size). */
const hallPhoto = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#0b3d91"/><stop offset="1" stop-color="#37a0e6"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>
      <text x="50%" y="50%" text-anchor="middle" font-family="sans-serif" font-size="140" fill="#fff">Main hall</text>
    </svg>`),
  )
    .jpeg({ quality: 85 })
    .toBuffer();

test('a moderator uploads an image asset, sees its four sizes, edits and deletes it', async ({ page }) => {
  const { admin } = seeded();
  await signIn(page, admin.email, admin.password);
  await openEvent(page, 'Northern Trade Show 2027');

  await page.goto('/admin');
  await page
    .getByRole('region', { name: 'Assets & Downloads' })
    .getByRole('link', { name: /^Assets/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/assets$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Assets' })).toBeVisible();
  await expectAccessible(page, 'assets');

  await page.getByRole('link', { name: 'Add asset' }).first().click();
  await expect(page).toHaveURL(/\/admin\/assets\/add$/);
  await expectAccessible(page, 'add asset');

  // Contents that are not what the name says are refused in the spec's words.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'floor-plan.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('<html>not a photo</html>'),
  });
  await expect(
    page.getByRole('alert').filter({ hasText: "The file's contents do not match its extension" }),
  ).toBeVisible();

  await page.locator('input[type="file"]').setInputFiles({
    name: 'main-hall.jpg',
    mimeType: 'image/jpeg',
    buffer: await hallPhoto(),
  });
  await expect(page.getByText(/Uploaded main-hall\.jpg/)).toBeVisible();
  await expect(page.getByLabel(/^Name/)).toHaveValue('main hall');
  await page.getByLabel(/^Name/).fill('Main hall floor plan');
  await page.getByLabel(/^Alt text/).fill('The main hall seen from the balcony');
  await page.getByRole('button', { name: 'Save asset' }).click();
  await expect(page).toHaveURL(/\/admin\/assets\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Main hall floor plan' })).toBeVisible();

  // Four sizes, each fitting its box: 2400x1600 becomes 1920, 1440, 960 and 480 wide.
  for (const [label, width] of [
    ['large', 1920],
    ['medium', 1440],
    ['small', 960],
    ['thumb', 480],
  ] as const) {
    const image = page.getByRole('img', { name: `The main hall seen from the balcony (${label})` });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(width);
  }
  await expectAccessible(page, 'asset');
  mkdirSync('/tmp/shots', { recursive: true });
  await page.screenshot({ path: '/tmp/shots/asset-sizes.png', fullPage: true });

  await page.getByLabel(/^Alt text/).fill('The main hall from the balcony, stands marked');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The asset has been saved')).toBeVisible();

  // The list: newest first, searchable, filtered by file type.
  await page.getByRole('link', { name: 'Assets', exact: true }).first().click();
  await expect(page).toHaveURL(/\/admin\/assets$/);
  const table = page.getByRole('table', { name: 'Assets' });
  await expect(table).toContainText('Main hall floor plan');
  const fileType = page.getByRole('radiogroup', { name: 'File type' });
  await fileType.locator('label', { hasText: /^Documents$/ }).click();
  await expect(page).toHaveURL(/type=document/);
  await expect(table.getByText('Main hall floor plan')).toHaveCount(0);
  await fileType.locator('label', { hasText: /^Images$/ }).click();
  await expect(table).toContainText('Main hall floor plan');
  await page.getByLabel('Search').fill('floor plan');
  await expect(page).toHaveURL(/search=floor/);
  await expect(table).toContainText('Main hall floor plan');
  await expectAccessible(page, 'assets (filtered)');
  await page.screenshot({ path: '/tmp/shots/assets.png', fullPage: true });

  // Delete, after a confirm.
  await table.getByRole('link', { name: 'Main hall floor plan' }).click();
  await page.getByRole('button', { name: 'Delete asset' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Main hall floor plan and all its sizes will be deleted');
  await dialog.getByLabel("Type 'CONFIRM' to continue").fill('CONFIRM');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/admin\/assets$/);
  await expect(page.getByRole('link', { name: 'Main hall floor plan' })).toHaveCount(0);
});
