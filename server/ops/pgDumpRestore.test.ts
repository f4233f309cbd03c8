import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { addUserToEvent } from '../modules/auth/accounts/service';
import { createEvent } from '../modules/events/service';
import { openRuntime } from '../platform/bootstrap';
import { loadConfig } from '../platform/config';
import { checkReadiness } from '../platform/observability/readiness';
import { withDatabase } from '../test/global-setup';
import { createTestDatabaseUrl, TEST_PASSWORD } from '../test/harness';

const run = promisify(execFile);

/**
 * docs/operations.md's PostgreSQL backup, as written there: pg_dump --format=custom --no-owner,
 * a new database, pg_restore --no-owner into it. The restored database (the job queue's schema
 * included) is ready at once (every migration there) and serves the same data and sessions.
 */
describe.runIf(Boolean(inject('databaseUrl')))('pg_dump and pg_restore of a portal database', () => {
  it('restores into a new database that is ready and serves the same rows and sessions', {
    timeout: 240_000,
  }, async () => {
    const source = await createTestDatabaseUrl();
    const restoredName = `portal_restored_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const restoredUrl = withDatabase(inject('databaseUrl'), restoredName);
    const tmp = mkdtempSync(join(tmpdir(), 'portal-pgdump-'));
    const logger = pino({ level: 'silent' });
    const configOf = (url: string) =>
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        RATE_LIMIT_PER_MINUTE: '0',
        DATABASE_URL: url,
        DATA_DIR: tmp,
      });
    const admin = new pg.Client({ connectionString: inject('databaseUrl') });
    await admin.connect();
    try {
      // The source: a server's database, with the job queue's schema, an event, a member and a session.
      const live = await openRuntime(configOf(source.url), 'server', logger);
      let eventId: string;
      let cookie: string;
      let before: unknown;
      try {
        const app = await buildApp(live.ctx);
        await live.ctx.jobs.start();
        eventId = await live.ctx.db.transaction(async (tx) => {
          const id = await createEvent(
            tx,
            {
              eventName: 'Dumped Expo',
              shortName: 'Dumped',
              startDate: '2027-05-10',
              endDate: '2027-05-12',
              timeZone: 'Europe/London',
              appUrl: 'https://portal.example.test',
            },
            'system',
          );
          const person = { eventId: id, email: 'dump@example.test', firstName: 'Dee', surname: 'Dump' };
          await addUserToEvent(tx, { ...person, permissions: 'admin', password: TEST_PASSWORD }, 'system');
          return id;
        });
        const login = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'dump@example.test', password: TEST_PASSWORD, eventId },
        });
        cookie = `portal_session=${login.cookies.find((c) => c.name === 'portal_session')?.value}`;
        const made = await app.inject({
          method: 'POST',
          url: `/api/events/${eventId}/team-types`,
          headers: { cookie },
          payload: { name: 'Caterers' },
        });
        expect(made.statusCode).toBe(201);
        before = (await app.inject({ url: `/api/events/${eventId}/team-types`, headers: { cookie } })).json();
        await app.close();
      } finally {
        await live.shutdown();
      }

      const dump = join(tmp, 'portal.dump');
      await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, source.url]);
      await admin.query(`create database ${restoredName}`);
      await run('pg_restore', ['--no-owner', `--dbname=${restoredUrl}`, dump]);

      const restored = await openRuntime(configOf(restoredUrl), 'cli', logger);
      try {
        expect(await checkReadiness(restored.ctx)).toEqual({ status: 'ready' });
        const app = await buildApp(restored.ctx);
        const me = await app.inject({ url: '/api/me', headers: { cookie } });
        expect(me.statusCode).toBe(200);
        const after = await app.inject({ url: `/api/events/${eventId}/team-types`, headers: { cookie } });
        expect(after.json()).toEqual(before);
        // The queue's schema came across too: a server started on it works its jobs.
        const queue = await restored.ctx.db.execute(sql`select count(*)::int as n from pgboss.queue`);
        expect((queue as unknown as { rows: { n: number }[] }).rows[0].n).toBeGreaterThan(0);
        await app.close();
      } finally {
        await restored.shutdown();
      }
    } finally {
      await admin.query(`drop database if exists ${restoredName} with (force)`);
      await admin.end();
      await source.drop();
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
