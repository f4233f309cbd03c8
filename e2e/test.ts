import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

export type { Browser, Locator, Page } from '@playwright/test';
export { expect };

/**
 * A journey fails on anything in the browser that a user did not cause: a console error, an
 * uncaught exception, a request that failed, a 5xx, or a GET answered 4xx (a screen asking for
 * what it should have known). A 4xx answer to a user's own submission (a wrong password, a form
 * refused with the spec's message) is the product working, and so is a request cancelled by
 * navigating away (net::ERR_ABORTED). Chromium also logs every 4xx/5xx as "Failed to load
 * resource"; those are judged by the response rules above instead.
 */
const expectedNotFound = new WeakMap<Page, RegExp[]>();

/**
 * The person opens an address that is not (or no longer) theirs to see, and the 404 screen is the
 * answer under test: that GET's 404 is then expected, not a fault.
 */
export function expectNotFound(page: Page, url: RegExp): void {
  expectedNotFound.set(page, [...(expectedNotFound.get(page) ?? []), url]);
}

const OWN_ORIGIN = /^https?:\/\/localhost[:/]/;

function watch(context: BrowserContext, problems: string[]): void {
  const onPage = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      if (message.text().startsWith('Failed to load resource')) return;
      problems.push(`console error on ${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught on ${page.url()}: ${error.message}`));
    page.on('requestfailed', (request) => {
      const failure = request.failure()?.errorText ?? '';
      // Third-party embeds (maps, videos) cannot load on a machine without internet.
      if (failure.includes('ERR_ABORTED') || !OWN_ORIGIN.test(request.url())) return;
      problems.push(`request failed: ${request.method()} ${request.url()} (${failure})`);
    });
    page.on('response', (response) => {
      const status = response.status();
      const method = response.request().method();
      const expected = status === 404 && expectedNotFound.get(page)?.some((url) => url.test(response.url()));
      if (status >= 500 || (status >= 400 && method === 'GET' && !expected)) {
        problems.push(`${status} for ${method} ${response.url()}`);
      }
    });
  };
  for (const page of context.pages()) onPage(page);
  context.on('page', onPage);
}

export const test = base.extend<{ browserProblems: string[] }>({
  browserProblems: [
    async ({ context, browser }, use) => {
      const problems: string[] = [];
      watch(context, problems);
      // Journeys open second users' windows with browser.newContext() (newPage uses it): watch those too.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const created = await newContext(options);
        watch(created, problems);
        return created;
      };
      await use(problems);
      browser.newContext = newContext;
      expect(
        problems,
        'the browser stays clean: no console error or failed request the user did not cause',
      ).toEqual([]);
    },
    { auto: true },
  ],
});
