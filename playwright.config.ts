import { defineConfig } from '@playwright/test';

/**
 * Browser journeys in Debian's Chromium (never a downloaded browser). Two servers on the built
 * app: "fresh" has an empty data dir for the first-run setup journey; "seeded" has an event and
 * accounts made by the CLI (see e2e/start-server.mjs), and logs emailed links to a file.
 *
 * E2E_PORT moves both servers (fresh on it, seeded on the next), so two checkouts can run
 * journeys side by side on one machine.
 */
const freshPort = Number(process.env.E2E_PORT ?? 3201);
const seededPort = freshPort + 1;

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
    { name: 'fresh', testMatch: 'setup.spec.ts', use: { baseURL: `http://localhost:${freshPort}` } },
    { name: 'seeded', testIgnore: 'setup.spec.ts', use: { baseURL: `http://localhost:${seededPort}` } },
  ],
  // Setting up the seeded server (a dozen events through the CLI) takes a minute or two on an idle
  // machine and over ten on one loaded by other work; the limits only say when to give up.
  webServer: [
    {
      command: `node e2e/start-server.mjs fresh ${freshPort}`,
      url: `http://localhost:${freshPort}/api/health`,
      timeout: 300_000,
      reuseExistingServer: false,
    },
    {
      command: `node e2e/start-server.mjs seeded ${seededPort}`,
      url: `http://localhost:${seededPort}/api/health`,
      timeout: 1_200_000,
      reuseExistingServer: false,
    },
  ],
});
