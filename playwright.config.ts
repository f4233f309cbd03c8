import { defineConfig } from '@playwright/test';

/**
 * Browser journeys in Debian's Chromium (never a downloaded browser). Two servers on the built
 * app: "fresh" has an empty data dir for the first-run setup journey; "seeded" has an event and
 * accounts made by the CLI (see e2e/start-server.mjs), and logs emailed links to a file.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: '.tmp/e2e-report.json' }]],
  retries: 0,
  workers: 2,
  // Several journeys take 30–55 s on an idle 2-core machine; twice that on a loaded one is no hang.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  outputDir: '.tmp/e2e-results',
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'fresh', testMatch: 'setup.spec.ts', use: { baseURL: 'http://localhost:3201' } },
    { name: 'seeded', testIgnore: 'setup.spec.ts', use: { baseURL: 'http://localhost:3202' } },
  ],
  webServer: [
    {
      command: 'node e2e/start-server.mjs fresh 3201',
      url: 'http://localhost:3201/api/health',
      timeout: 60_000,
      reuseExistingServer: false,
    },
    {
      command: 'node e2e/start-server.mjs seeded 3202',
      url: 'http://localhost:3202/api/health',
      timeout: 180_000,
      reuseExistingServer: false,
    },
  ],
});
