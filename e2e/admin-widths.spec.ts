import { expectLoaded, seeded, signIn } from './support';
import { expect, type Page, test } from './test';

/**
 * Issue 11: at laptop widths (1280 and 1366 px) the quick links panel is open beside the content
 * (on screens that have quick links or tips), and an admin table must stay inside its column: it wraps its cells, or scrolls inside its own
 * container, never running under the panel or past the window's right edge.
 */

const WIDTHS = [1280, 1366];
/** The list the seeded event always fills (its people): its table must be measured. */
const FILLED = ['/admin/users'];
const TABLE_SCREENS = [
  '/admin/content',
  '/admin/teams',
  '/admin/users',
  '/admin/team-types',
  '/admin/custom-fields',
  '/admin/card-layouts',
  '/admin/forms',
  '/admin/field-groups',
  '/admin/tasks',
  '/admin/task-groups',
  '/admin/suppliers',
  '/admin/supplier-groups',
  '/admin/downloads',
  '/admin/notifications',
  '/admin/time-table',
  '/admin/reports/teams',
  '/admin/reports/tasks',
  '/admin/reports/forms',
];

/** Tables whose visible box reaches past the column (under the aside or off the window). */
function tablesCutOff(page: Page) {
  return page.evaluate(() => {
    const aside = document.querySelector('[data-testid="page-aside"]');
    const limit = aside ? aside.getBoundingClientRect().left : document.documentElement.clientWidth;
    const scrollsX = (el: Element) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    const cut: string[] = [];
    for (const table of document.querySelectorAll('main table')) {
      let box: Element = table;
      for (let el = table.parentElement; el; el = el.parentElement)
        if (scrollsX(el)) {
          box = el;
          break;
        }
      const right = box.getBoundingClientRect().right;
      if (right > limit + 1)
        cut.push(`${table.getAttribute('aria-label') ?? 'table'}: right ${right} > ${limit}`);
    }
    const pageOverflows = document.documentElement.scrollWidth > document.documentElement.clientWidth + 1;
    return {
      cut,
      pageOverflows,
      aside: Boolean(aside),
      tables: document.querySelectorAll('main table').length,
    };
  });
}

for (const width of WIDTHS) {
  test(`admin tables keep inside their column at ${width} px with the quick links open`, async ({ page }) => {
    test.setTimeout(180_000);
    let tables = 0;
    let withAside = 0;
    await page.setViewportSize({ width, height: 900 });
    const { admin } = seeded();
    await signIn(page, admin.email, admin.password);
    // The admin runs two events: open the seeded one, whose admin screens these are.
    await page.goto('/my-events');
    await page.getByRole('button', { name: 'Open Harbourside Food & Drink Expo 2027' }).click();
    await expect(page).toHaveURL(/\/$/);
    for (const path of TABLE_SCREENS) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      // Lists arrive after the heading; an empty one shows its empty state instead of a table.
      await expectLoaded(page);
      await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
      if (FILLED.includes(path)) await expect(page.locator('main table').first(), path).toBeVisible();
      const found = await tablesCutOff(page);
      expect(found.cut, path).toEqual([]);
      expect(found.pageOverflows, `${path}: the page scrolls sideways`).toBe(false);
      tables += found.tables;
      if (found.aside) withAside++;
    }
    // The check looked at real tables, with the quick links panel open beside most of them.
    expect(tables).toBeGreaterThanOrEqual(FILLED.length);
    expect(withAside).toBeGreaterThanOrEqual(4);
  });
}
