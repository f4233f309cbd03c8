import { chromium } from 'playwright-core';
import { importLargeForm, signInAdmin, startLargeFormServer } from './largeFormServer';
const server = await startLargeFormServer('3612');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: server.base });
await signInAdmin(context.request);
const path = await importLargeForm(context.request, server.eventId);
const CARD = 'section[aria-label="Form fields"] [aria-label^="Select "]';
try {
  const page = await context.newPage();
  page.on('console', (m) => console.log('console:', m.type(), m.text().slice(0, 300)));
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(path);
  const handles = page.getByRole('button', { name: /^Move / });
  await handles.first().waitFor({ timeout: 60000 });
  const names = () => page.locator(CARD).evaluateAll((cards) => cards.slice(0, 6).map((c) => c.getAttribute('aria-label')));
  console.log('before', await names(), await page.locator(CARD).count());
  await handles.nth(2).focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(8000);
  console.log('live', await page.locator('[aria-live]').allInnerTexts());
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(8000);
  console.log('live', await page.locator('[aria-live]').allInnerTexts());
  await page.keyboard.press('Space');
  await page.waitForTimeout(8000);
  console.log('live', await page.locator('[aria-live]').allInnerTexts());
  console.log('after', await names());
  await page.screenshot({ path: '/tmp/bprof/after-drop.png' });
} finally {
  await browser.close();
  await server.stop();
}
