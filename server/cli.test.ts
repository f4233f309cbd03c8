import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from './app';
import { outboxEmails } from './modules/emails/tables';
import { openRuntime } from './platform/bootstrap';
import { readCache } from './platform/cache';
import { loadConfig } from './platform/config';
import { rowsOf } from './platform/db/rows';
import type { App } from './platform/http/types';
import { bundleCli, type CliBundle, type CliRun } from './test/cliProcess';
import { createTestDatabaseUrl } from './test/harness';

let cliBundle: CliBundle | undefined;

/** Runs the CLI, bundled from source, in a child process with only the environment given (no inherited DATABASE_URL). */
function cli(env: Record<string, string>, ...args: string[]): Promise<CliRun> {
  if (!cliBundle) throw new Error('the CLI is bundled in beforeAll');
  return cliBundle.run(env, args);
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => child.on('exit', () => resolve()));
}

/**
 * The CLI works on the engine under test: a new PGlite data dir, or on PostgreSQL a new database.
 * The data-dir lock only exists for PGlite, so the lock tests always use a data dir.
 */
// Each test starts one or more CLI processes that open a database: seconds apiece, and several
// times that while the other API test files share the two cores (a busy run went past 30 s).
describe('operator CLI', { timeout: 90_000 }, () => {
  let tmp: string;
  let env: Record<string, string>;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'portal-cli-'));
    cliBundle = await bundleCli('cli-test');
    if (inject('databaseUrl')) {
      const db = await createTestDatabaseUrl();
      env = { DATABASE_URL: db.url };
      dropDatabase = db.drop;
    } else {
      env = { DATA_DIR: join(tmp, 'data') };
    }
  });
  afterAll(async () => {
    await dropDatabase();
    rmSync(tmp, { recursive: true, force: true });
    cliBundle?.remove();
  });

  /** Opens what the CLI wrote, as the server would, and hands over an app to call. */
  async function withPortal(
    fn: (app: App, rt: Awaited<ReturnType<typeof openRuntime>>) => Promise<void>,
  ): Promise<void> {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', ...env });
    const rt = await openRuntime(config, 'cli', pino({ level: 'silent' }));
    const app = await buildApp(rt.ctx);
    try {
      await app.ready();
      await fn(app, rt);
    } finally {
      await app.close();
      await rt.shutdown();
    }
  }
  const login = (app: App, email: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  let eventId: string;

  it('create-event --json prints {eventId, userId}, and the admin signs in to that event', async () => {
    const run = await cli(
      env,
      'create-event',
      '--name',
      'Expo 2027',
      '--admin-email',
      'a@x.io',
      '--admin-password',
      'S0me-long-pass',
      '--json',
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(Object.keys(out).sort()).toEqual(['eventId', 'userId']);
    eventId = out.eventId;
    await withPortal(async (app) => {
      const res = await login(app, 'a@x.io', 'S0me-long-pass');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        account: { id: out.userId, email: 'a@x.io' },
        events: [{ id: eventId, eventName: 'Expo 2027', permissions: 'admin' }],
      });
      // The write is in the audit trail as the system's, named by its command, with no password.
      const cookie = `portal_session=${res.cookies.find((c) => c.name === 'portal_session')?.value}`;
      const trail = await app.inject({
        method: 'GET',
        url: `/api/events/${eventId}/audit`,
        headers: { cookie },
      });
      expect(trail.json().items[0]).toMatchObject({
        route: 'cli create-event',
        actor: { kind: 'system', name: 'System Update' },
      });
      expect(trail.body).not.toContain('S0me-long-pass');
    });
  });

  it('create-user --json prints {eventId, userId}; the user signs in with the level given', async () => {
    const run = await cli(
      env,
      'create-user',
      '--event',
      eventId,
      '--email',
      'Mod@X.io',
      '--permissions',
      'moderator',
      '--password',
      'An0ther-long-pass',
      '--json',
    );
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out).toEqual({ eventId, userId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    await withPortal(async (app) => {
      const res = await login(app, 'mod@x.io', 'An0ther-long-pass');
      expect(res.statusCode).toBe(200);
      expect(res.json().events).toEqual([expect.objectContaining({ id: eventId, permissions: 'moderator' })]);
    });
  });

  it("clone-event --json prints the new event id; the first edition's admin is admin of the copy", async () => {
    const bad = await cli(
      env,
      'clone-event',
      '--from',
      eventId,
      '--name',
      'Expo 2028',
      '--shift-days',
      '1.5',
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('a whole number from -3650 to 3650');
    const run = await cli(env, 'clone-event', '--from', eventId, '--name', 'Expo 2028', '--json');
    expect(run.code, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out).toMatchObject({ fromEventId: eventId });
    expect(out.eventId).not.toBe(eventId);
    // The account's event list is cached in this test process by the first test's sign-in; the CLI
    // (another process) cannot clear it. A real server on PGlite cannot run beside the CLI (the
    // data-dir lock), and on PostgreSQL it keeps no such cache.
    readCache.clear();
    await withPortal(async (app) => {
      const res = await login(app, 'a@x.io', 'S0me-long-pass');
      const events = res.json().events as {
        id: string;
        eventName: string;
        startDate: string;
        permissions: string;
      }[];
      expect(events.find((e) => e.id === out.eventId)).toMatchObject({
        eventName: 'Expo 2028',
        permissions: 'admin',
      });
    });
  });

  it('without a password, emails a set-password link (shown on stderr, stdout stays JSON) that works', async () => {
    const run = await cli(
      env,
      'create-event',
      '--name',
      'Second Show',
      '--app-url',
      'https://second.example.test',
      '--admin-email',
      'olivia@x.io',
      '--admin-first-name',
      'Olivia',
      '--json',
    );
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    const link = run.stderr.match(/https:\/\/second\.example\.test\/auth\/set-password\?token=([\w-]+)/);
    expect(link).not.toBeNull();
    await withPortal(async (app, rt) => {
      const [email] = await rt.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'olivia@x.io'));
      expect(email).toMatchObject({ kind: 'setPassword', eventId: out.eventId, status: 'stored' });
      expect(email.text).toContain('Hello Olivia,');
      expect((await login(app, 'olivia@x.io', 'Chosen-by-Olivia')).statusCode).toBe(401);
      const set = await app.inject({
        method: 'POST',
        url: '/api/auth/set-password',
        payload: { token: link?.[1], password: 'Chosen-by-Olivia' },
      });
      expect(set.json()).toEqual({ email: 'olivia@x.io' });
      expect((await login(app, 'olivia@x.io', 'Chosen-by-Olivia')).statusCode).toBe(200);
    });
  });

  it('reset-queue drops the queue schema a newer pg-boss left, and only with --yes', async () => {
    const queueSchema = async () => {
      let present = false;
      await withPortal(async (_app, rt) => {
        const [row] = await rowsOf<{ present: boolean }>(
          rt.ctx.db,
          sql`select to_regclass('pgboss.version') is not null as present`,
        );
        present = row.present;
      });
      return present;
    };
    await withPortal(async (_app, rt) => {
      await rt.ctx.db.execute(sql`create schema if not exists pgboss`);
      await rt.ctx.db.execute(sql`create table if not exists pgboss.version (version int primary key)`);
      await rt.ctx.db.execute(sql`insert into pgboss.version values (26) on conflict do nothing`);
    });
    const refused = await cli(env, 'reset-queue');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('reset-queue drops every job still waiting: run it with --yes');
    expect(await queueSchema()).toBe(true);
    const done = await cli(env, 'reset-queue', '--yes', '--json');
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout)).toEqual({ queue: 'dropped; the next server start creates it' });
    expect(await queueSchema()).toBe(false);
  });

  it('refuses bad input with exit code 1 and a clear message, creating nothing', async () => {
    const badLevel = await cli(
      env,
      'create-user',
      '--event',
      eventId,
      '--email',
      'c@x.io',
      '--permissions',
      'owner',
      '--password',
      'Th1rd-long-pass',
      '--json',
    );
    expect(badLevel.code).toBe(1);
    expect(badLevel.stdout).toBe('');
    expect(badLevel.stderr).toContain(
      '--permissions must be one of user, reportViewer, moderator, admin, staff',
    );

    const unknownEvent = await cli(
      env,
      'create-user',
      '--event',
      '00000000-0000-4000-8000-000000000000',
      '--email',
      'c@x.io',
      '--password',
      'Th1rd-long-pass',
    );
    expect(unknownEvent.code).toBe(1);
    expect(unknownEvent.stderr).toContain('Event ID not found');

    const badEmail = await cli(
      env,
      'create-user',
      '--event',
      eventId,
      '--email',
      'not-an-email',
      '--password',
      'Th1rd-long-pass',
    );
    expect(badEmail.code).toBe(1);
    expect(badEmail.stderr).toContain('The email address provided is invalid.');

    const missing = await cli(env, 'create-event', '--name', 'No Admin');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('--admin-email is required');

    await withPortal(async (app) => {
      expect((await login(app, 'c@x.io', 'Th1rd-long-pass')).statusCode).toBe(401);
    });
  });

  it('seed --demo prints sign-in lines with generated passwords that sign in at each level', async () => {
    const run = await cli(env, 'seed', '--demo');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Demo event created: Harbourside Food & Drink Expo 2027');
    const lines = [...run.stdout.matchAll(/^\s+(\w+)\s+(\S+@\S+)\s+password: (\S+)$/gm)].map(
      ([, level, email, password]) => ({ level, email, password }),
    );
    expect(lines.map((l) => l.level)).toEqual(['admin', 'moderator', 'reportViewer', 'user']);
    expect(new Set(lines.map((l) => l.password)).size).toBe(lines.length);
    await withPortal(async (app) => {
      for (const { level, email, password } of lines) {
        const res = await login(app, email, password);
        expect(res.statusCode, email).toBe(200);
        expect(res.json().events).toEqual([
          expect.objectContaining({ eventName: 'Harbourside Food & Drink Expo 2027', permissions: level }),
        ]);
      }
    });
  });

  describe('the embedded data dir belongs to one process', () => {
    // On PGlite the data dir the CLI has been filling; on PostgreSQL (no data dir there) a new one.
    const lockDir = () => env.DATA_DIR ?? join(tmp, 'locked');
    const lockEnv = () => ({ DATA_DIR: lockDir() });
    /** Every file under the data dir with its size and modification time. */
    const snapshot = (dir: string): Record<string, string> =>
      Object.fromEntries(
        readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((d) => d.isFile())
          .map((d) => {
            const path = join(d.parentPath, d.name);
            const s = statSync(path);
            return [path, `${s.size}:${s.mtimeMs}`];
          }),
      );

    it('refuses while the server holds the data dir, naming it, and does not touch the data dir', async () => {
      mkdirSync(lockDir(), { recursive: true });
      const server = spawn('sleep', ['30']);
      try {
        const lock = JSON.stringify({
          pid: server.pid,
          role: 'server',
          port: 3000,
          startedAt: new Date().toISOString(),
        });
        writeFileSync(join(lockDir(), 'portal.lock'), lock);
        const before = snapshot(lockDir());
        const run = await cli(
          lockEnv(),
          'create-event',
          '--name',
          'Expo 2027',
          '--admin-email',
          'z@x.io',
          '--admin-password',
          'S0me-long-pass',
          '--json',
        );
        expect(run.code).toBe(1);
        expect(run.stdout).toBe('');
        expect(run.stderr).toContain(`is in use by the portal server (pid ${server.pid}, port 3000)`);
        expect(snapshot(lockDir())).toEqual(before);
        expect(readFileSync(join(lockDir(), 'portal.lock'), 'utf8')).toBe(lock);
      } finally {
        server.kill();
        await exited(server);
      }
    });

    it('takes over a stale lock left by a process that died', async () => {
      const dead = spawn(process.execPath, ['-e', '']);
      await exited(dead);
      writeFileSync(
        join(lockDir(), 'portal.lock'),
        JSON.stringify({ pid: dead.pid, role: 'server', port: 3000 }),
      );
      const run = await cli(
        lockEnv(),
        'create-event',
        '--name',
        'Expo 2027',
        '--admin-email',
        'z@x.io',
        '--admin-password',
        'S0me-long-pass',
        '--json',
      );
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toHaveProperty('eventId');
      // Released on exit: the next command (or the server) may open it.
      expect(readdirSync(lockDir())).not.toContain('portal.lock');
    });
  });
});
