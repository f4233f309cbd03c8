import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { templateHeader } from '../../shared/people/importRules';
import { formsApi } from '../modules/forms/formsTestKit';
import { openStream, type StreamReader } from '../modules/live/streamClient';
import { multipart, XLSX_TYPE, xlsxFile } from '../modules/people/import/importTestKit';
import { teamTaskWorld } from '../modules/tasks/teamTaskTestKit';
import { type ScriptProcess, startScript } from '../test/childProcess';
import { withDatabase } from '../test/global-setup';
import { makeEvent, makeUser, nextAddress, signIn, TEST_PASSWORD, type TestApp } from '../test/harness';
import { startRoundRobin } from '../test/roundRobin';
import { type Database, openPostgres } from './db/client';
import { rowsOf } from './db/rows';

/**
 * Issue 20's "several processes" (decision 0052): two web processes (WORKER=off) and one worker
 * (WORKER=only) on one new PostgreSQL database, a round-robin in front, and the API journeys of
 * sign-in, task completion and team import through it. Each process is the server as `npm start`
 * runs it (runServer), in its own node process on a loopback port; then a form's edit lock, the
 * rate limits, and one web process killed in the middle of a burst of writes. Every wait is on a
 * condition, with a generous bound for a loaded machine; the children are killed however it ends.
 */

const FLEET = join(__dirname, '../test/fleetProcess.ts');
const API_LIMIT = 1000;
type Started = { ready: true; pid: number; url?: string; metricsUrl?: string };
const startProcess = (name: string, env: NodeJS.ProcessEnv) => startScript(name, FLEET, [], env);

/** The test kits' `t.app.inject` over real HTTP, so their journeys run through the round-robin. */
function overHttp(base: string, db: Database['db']): TestApp {
  type Options = {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: object | Buffer | string;
    remoteAddress?: string;
  };
  const inject = async (options: Options) => {
    const headers: Record<string, string> = { ...options.headers };
    let body: Uint8Array | string | undefined;
    if (Buffer.isBuffer(options.payload)) body = new Uint8Array(options.payload);
    else if (typeof options.payload === 'string') body = options.payload;
    else if (options.payload !== undefined) {
      body = JSON.stringify(options.payload);
      headers['content-type'] ??= 'application/json';
    }
    // The balancer appends the socket's address; the client's own comes first (TRUST_PROXY=true).
    if (options.remoteAddress) headers['x-forwarded-for'] = options.remoteAddress;
    const res = await fetch(`${base}${options.url}`, {
      method: options.method,
      headers,
      body: body as RequestInit['body'],
    });
    const text = await res.text();
    return {
      statusCode: res.status,
      body: text,
      headers: Object.fromEntries(res.headers),
      json: () => JSON.parse(text),
      cookies: res.headers.getSetCookie().map((line) => {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1) };
      }),
    };
  };
  return { app: { inject }, ctx: { db } } as unknown as TestApp;
}

async function until<T>(check: () => Promise<T | undefined>, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** One counter of a process's /metrics, 0 when it has no such series. */
async function metric(metricsUrl: string, name: string, labels: string[]): Promise<number> {
  const text = await (await fetch(`${metricsUrl}/metrics`)).text();
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`${name}{`) && labels.every((label) => l.includes(label)));
  return line ? Number(line.split(' ').pop()) : 0;
}

const databaseUrl = inject('databaseUrl');

describe.skipIf(!databaseUrl)(
  'two web processes and a worker on one PostgreSQL, behind a round-robin',
  () => {
    it('keeps sessions, statuses, the stream, the import, locks and limits coherent; a killed process loses no acknowledged write', {
      timeout: 300_000,
    }, async () => {
      // A new, empty database: the three processes start together and migrate it (one at a time).
      const name = `portal_fleet_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = withDatabase(databaseUrl, name);
      const dataDir = mkdtempSync(join(tmpdir(), 'portal-fleet-'));
      const children: ScriptProcess[] = [];
      let database: Database | undefined;
      let balancer: Awaited<ReturnType<typeof startRoundRobin>> | undefined;
      const streams: StreamReader[] = [];
      // However the test ends (a failure, its timeout), no server process stays behind.
      onTestFinished(async () => {
        for (const stream of streams) stream.close();
        for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
        await balancer?.close();
        await database?.close();
        const dropper = new pg.Client({ connectionString: databaseUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
        rmSync(dataDir, { recursive: true, force: true });
      });

      const { DATABASE_URL: _ignored, ...base } = process.env;
      const env = (worker: 'off' | 'only') => ({
        ...base,
        NODE_ENV: 'test' as const,
        DATABASE_URL: url,
        // Files on one disk all three see (the import's upload is read by the worker).
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: '0',
        METRICS_PORT: '0',
        TRUST_PROXY: 'true',
        RATE_LIMIT_PER_MINUTE: String(API_LIMIT),
        WORKER: worker,
      });
      children.push(startProcess('web 1', env('off')), startProcess('web 2', env('off')));
      children.push(startProcess('worker', env('only')));
      const [web1, web2, worker] = await Promise.all(
        children.map((c) => c.line<Started>((l) => l.ready === true, 240_000)),
      );
      expect(web1?.url && web2?.url && worker?.metricsUrl).toBeTruthy();
      expect(worker?.url).toBeUndefined();
      const [one, two] = [web1?.url ?? '', web2?.url ?? ''];
      balancer = await startRoundRobin([one, two]);
      database = await openPostgres(url);
      const db = database.db;

      // --- Seed and sign in through the balancer: every call below alternates between the two.
      const t = overHttp(balancer.url, db);
      const eventId = await makeEvent(t);
      const w = await teamTaskWorld(t, eventId);
      const served = new Set<string>();
      for (let i = 0; i < 4; i++) {
        const me = await fetch(`${balancer.url}/api/me`, { headers: { cookie: w.admin } });
        expect(me.status).toBe(200);
        served.add(me.headers.get('x-backend') ?? '');
      }
      expect([...served].sort()).toEqual(['0', '1']);
      // The session made through one process is known to each, asked directly.
      for (const web of [one, two]) {
        const me = await fetch(`${web}/api/me`, { headers: { cookie: w.exhibitor.cookie } });
        expect(me.status).toBe(200);
      }

      // --- The event stream: an organiser on process 1 hears a team completing a task on process 2.
      const task = await w.newTask({ title: 'Send your logo' });
      const stream = await openStream(one, `/api/events/${eventId}/stream`, w.admin);
      streams.push(stream);
      expect(stream.status).toBe(200);
      await until(async () => (stream.comments.includes('connected') ? true : undefined), 30_000, 'stream');
      const done = await overHttp(two, db).app.inject({
        method: 'PUT',
        url: `/api/events/${eventId}/tasks/${task.id}/status`,
        headers: { cookie: w.exhibitor.cookie },
        payload: { progressStatus: 'complete' },
      });
      expect(done.statusCode, done.body).toBe(200);
      await stream.waitFor(1, 30_000);
      expect(stream.messages).toEqual([{ type: 'taskStatuses' }]);
      // The organiser's view, read through process 1, has the status written through process 2.
      const view = await overHttp(one, db).app.inject({
        method: 'GET',
        url: `/api/events/${eventId}/tasks/${task.id}/teams`,
        headers: { cookie: w.admin },
      });
      const row = (view.json() as { items: { teamName: string; status: string }[] }).items.find(
        (item) => item.teamName === 'Harbour Bakery',
      );
      expect(row?.status, view.body).toBe('complete');

      // --- A team import: uploaded and started through the balancer, run once, on the worker.
      const rows = [1, 2, 3].map((i) => [
        `Fleet Stand ${i}`,
        `First${i}`,
        `Surname${i}`,
        `fleet.${i}@example.test`,
        '',
        'No',
      ]);
      const file = multipart('teams.xlsx', await xlsxFile([templateHeader([]), ...rows]), XLSX_TYPE);
      const uploaded = await t.app.inject({
        method: 'POST',
        url: `/api/events/${eventId}/team-imports`,
        headers: { cookie: w.admin, ...file.headers },
        payload: file.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const importId = (uploaded.json() as { id: string }).id;
      const started = await t.app.inject({
        method: 'POST',
        url: `/api/events/${eventId}/team-imports/${importId}/start`,
        headers: { cookie: w.admin },
        payload: {},
      });
      expect(started.statusCode, started.body).toBe(202);
      const latest = (web: string) =>
        overHttp(web, db)
          .app.inject({
            method: 'GET',
            url: `/api/events/${eventId}/team-imports/latest`,
            headers: { cookie: w.admin },
          })
          .then(
            (res) => (res.json() as { import: { id: string; state: string; createdRows: number } }).import,
          );
      await until(
        async () => ((await latest(one)).state === 'done' ? true : undefined),
        120_000,
        'import done',
      );
      for (const web of [one, two]) {
        expect(await latest(web)).toMatchObject({ id: importId, state: 'done', createdRows: 3 });
        const teams = await fetch(`${web}/api/events/${eventId}/teams?search=Fleet%20Stand`, {
          headers: { cookie: w.admin },
        });
        expect(teams.status).toBe(200);
        expect(JSON.stringify(await teams.json())).toContain('Fleet Stand 3');
      }
      // Once: one job on the queue, completed at its first attempt, by the worker and nobody else.
      const jobs = await rowsOf<{ state: string; retry_count: number }>(
        db,
        sql`select state, retry_count from pgboss.job where name = 'people.team-import'`,
      );
      expect(jobs).toEqual([{ state: 'completed', retry_count: 0 }]);
      const ran = ['queue="people.team-import"', 'outcome="completed"'];
      expect(await metric(worker?.metricsUrl ?? '', 'portal_jobs_total', ran)).toBe(1);
      expect(await metric(web1?.metricsUrl ?? '', 'portal_jobs_total', ran)).toBe(0);
      expect(await metric(web2?.metricsUrl ?? '', 'portal_jobs_total', ran)).toBe(0);

      // --- A form's edit lock, a row in PostgreSQL: taken through process 1, held against process 2.
      const second = await signIn(t, (await makeUser(t, eventId, 'admin', { firstName: 'Omar' })).email);
      const made = await formsApi(overHttp(one, db), eventId).createForm(w.admin, 'Stand plans');
      const mine = await formsApi(overHttp(one, db), eventId).takeLock(w.admin, `/forms/${made.form.id}`);
      expect(mine).toMatchObject({ isMine: true });
      const theirs = await formsApi(overHttp(two, db), eventId).takeLock(second, `/forms/${made.form.id}`);
      expect(theirs).toMatchObject({ isMine: false, holderName: mine.holderName });

      // --- Rate limits. The sign-in lock is counted in PostgreSQL: 10 failures for one email, spread
      // over both processes by the balancer, lock that email on both.
      const target = await makeUser(t, eventId, 'user');
      const login = (web: string, password: string) =>
        overHttp(web, db).app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: nextAddress(),
          payload: { email: target.email, password, eventId },
        });
      for (let i = 0; i < 10; i++)
        expect((await login(balancer.url, 'not-the-password')).statusCode).toBe(401);
      for (const web of [one, two]) expect((await login(web, TEST_PASSWORD)).statusCode).toBe(429);
      // The per-address API ceiling (RATE_LIMIT_PER_MINUTE) is each process's own: three requests
      // to process 1 leave process 2's count untouched.
      const address = nextAddress();
      const remaining = async (web: string) =>
        Number(
          (await fetch(`${web}/api/health`, { headers: { 'x-forwarded-for': address } })).headers.get(
            'x-ratelimit-remaining',
          ),
        );
      for (let i = 0; i < 3; i++) await remaining(one);
      expect(await remaining(one)).toBe(API_LIMIT - 4);
      expect(await remaining(two)).toBe(API_LIMIT - 1);
      // --- Process 2 killed (SIGKILL) in the middle of a burst of writes through the balancer: every
      // write that was acknowledged is stored; process 1 goes on serving.
      const writes: Promise<{ name: string; status: number }>[] = [];
      let fromTwo = 0;
      let killedAt: number | null = null;
      // Writes every 20 ms; SIGKILL once process 2 has acknowledged three, with others in flight;
      // then ten more (the balancer still sends every other one to the dead process).
      for (let i = 0; i < 300 && (killedAt === null || i < killedAt + 10); i++) {
        const name = `Burst type ${i}`;
        writes.push(
          fetch(`${balancer.url}/api/events/${eventId}/team-types`, {
            method: 'POST',
            headers: { cookie: w.admin, 'content-type': 'application/json' },
            body: JSON.stringify({ name }),
          })
            .then((res) => {
              if (res.status === 201 && res.headers.get('x-backend') === '1') fromTwo += 1;
              if (fromTwo === 3 && killedAt === null) {
                killedAt = i;
                children[1]?.child.kill('SIGKILL');
              }
              return { name, status: res.status };
            })
            .catch(() => ({ name, status: 0 })),
        );
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(killedAt, 'process 2 acknowledged three writes').not.toBeNull();
      const results = await Promise.all(writes);
      for (const r of results) expect([201, 502, 0]).toContain(r.status);
      const acknowledged = results.filter((r) => r.status === 201).map((r) => r.name);
      // The kill took effect (requests refused after it) and nothing acknowledged was lost.
      expect(results.some((r) => r.status !== 201)).toBe(true);
      console.info(
        `several processes: ${acknowledged.length} of ${results.length} writes acknowledged, process 2 killed after its third`,
      );
      const stored = (
        await rowsOf<{ name: string }>(db, sql`select name from team_types where name like 'Burst type %'`)
      ).map((row) => row.name);
      for (const name of acknowledged) expect(stored).toContain(name);
      expect((await fetch(`${one}/api/me`, { headers: { cookie: w.admin } })).status).toBe(200);

      // Another account still signs in (on process 1): the lock was the email's, not everyone's.
      const other = (await makeUser(t, eventId, 'user')).email;
      expect(await signIn(overHttp(one, db), other)).toMatch(/^portal_session=/);
    });
  },
);
