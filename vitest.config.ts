/// <reference types="vitest/config" />
import { defineConfig } from 'vitest/config';

// Three projects: pure rules (shared), React components (client, jsdom) and the HTTP API (server,
// through fastify.inject on PGlite, or PostgreSQL when DATABASE_URL is set: `npm run test:pg`).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['shared/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'client',
          include: ['client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['client/test/setup.ts'],
          // Screens render Mantine in jsdom: seconds under load on two cores, not milliseconds.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // After the quick projects: its files each open a database, and share the two cores.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
