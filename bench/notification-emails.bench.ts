/**
 * Emailing an event notification to everyone (issue 17), on the built server (`npm run
 * build:server` first), PGlite, no SMTP (the outbox keeps each email, as a new install does):
 * 1. `seed --teams 5000` through the CLI: 5,000 teams, 15,000 users;
 * 2. an admin publishes a notification with "Send email" on: the request must return at once
 *    (the emails are the queue's work, never the request's);
 * 3. the queue drains: the time until the notification reads 'sent' (Published & Emailed), and
 *    emails a second over that time (target at least 200 a second on PGlite);
 * 4. with the server stopped, the database says every recipient has exactly one email, all sent.
 * `npx tsx bench/notification-emails.bench.ts` (BENCH_TEAMS=5000 by default)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { openDataDir } from '../server/platform/db/client';
import { rowsOf } from '../server/platform/db/rows';
import { startServer, stopServer } from './lib';

const DATA_DIR = '.tmp/bench-notification-emails';
const PORT = process.env.BENCH_PORT ?? '3316';
const TEAMS = Number(process.env.BENCH_TEAMS ?? 5000);
const BASE = `http://127.0.0.1:${PORT}`;
const DRAIN_LIMIT_MS = 30 * 60_000;

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

async function main() {
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  const seeded = JSON.parse(
    execFileSync(process.execPath, ['dist/server/cli.js', 'seed', '--teams', String(TEAMS), '--json'], {
      env: { ...process.env, DATA_DIR, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    }),
  ) as { eventId: string; adminEmail: string; password: string; users: number };
  console.log(`seeded ${TEAMS} teams, ${seeded.users} users; load ${load()}`);

  const { child } = await startServer({ DATA_DIR, PORT });
  let notificationId = '';
  let requestMs = 0;
  let drainMs = 0;
  try {
    const login = await fetch(`${BASE}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: seeded.adminEmail, password: seeded.password }),
    });
    if (!login.ok) throw new Error(`login ${login.status} ${await login.text()}`);
    const headers = {
      cookie: (login.headers.get('set-cookie') ?? '').split(';')[0],
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
    };
    const base = `${BASE}/api/events/${seeded.eventId}/notifications`;

    const started = performance.now();
    const res = await fetch(base, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        title: 'Build-up starts at 7:00',
        description: '<p>Hall doors open at 7:00 on Monday. Bring your exhibitor pass.</p>',
        sendEmail: true,
        action: 'publish',
      }),
    });
    requestMs = performance.now() - started;
    if (res.status !== 201) throw new Error(`publish ${res.status} ${await res.text()}`);
    notificationId = ((await res.json()) as { id: string }).id;
    console.log(`publish with email: request ${requestMs.toFixed(0)} ms; load ${load()}`);

    for (;;) {
      const now = performance.now() - started;
      if (now > DRAIN_LIMIT_MS) throw new Error('the queue did not drain within 30 minutes');
      const read = (await (await fetch(`${base}/${notificationId}`, { headers })).json()) as {
        status: string;
        providerResponse: string | null;
      };
      if (read.status === 'failed') throw new Error(`emails failed: ${read.providerResponse}`);
      if (read.status === 'sent') {
        drainMs = now;
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await stopServer(child);
  }

  // Exactly one email per recipient, each delivered (kept in the outbox: no SMTP configured).
  const database = await openDataDir(DATA_DIR);
  const [counts] = await rowsOf<{ emails: number; recipients: number; delivered: number }>(
    database.db,
    sql`
      select count(*)::int as emails,
             count(distinct ne.account_id)::int as recipients,
             count(*) filter (where o.status in ('sent', 'stored'))::int as delivered
      from notification_emails ne join outbox_emails o on o.id = ne.outbox_id
      where ne.notification_id = ${notificationId}`,
  );
  await database.close();

  const perSecond = counts.emails / (drainMs / 1000);
  console.log(
    [
      '',
      `| step | figure | target |`,
      `|---|---|---|`,
      `| publish request (${counts.emails} emails queued) | ${requestMs.toFixed(0)} ms | returns at once |`,
      `| queue drained (status 'sent') | ${(drainMs / 1000).toFixed(1)} s, ${perSecond.toFixed(0)} emails/s | ≥ 200 emails/s |`,
      `| emails per recipient | ${counts.emails} emails, ${counts.recipients} recipients, ${counts.delivered} delivered | exactly one each |`,
      '',
      `load average at the end: ${load()}`,
    ].join('\n'),
  );
  const ok = counts.emails === counts.recipients && counts.delivered === counts.emails && perSecond >= 200;
  process.exitCode = ok ? 0 : 1;
}

await main();
