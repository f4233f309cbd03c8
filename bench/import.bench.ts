/**
 * Bulk team import at scale (issue 3): a 5,000-row XLSX made with exceljs is uploaded, previewed
 * and imported through the real pg-boss job, in process on the app the server builds. PGlite in a
 * fresh data dir by default; PostgreSQL when DATABASE_URL is set (a new event each run, so the
 * same database can be reused). Reports preview time and import rows per second (target on
 * PostgreSQL: at least 100 rows/s), with the machine's load average at the start and the end of
 * the import (the figures swing with it), and how many of the welcome emails the in-process worker
 * had delivered to the outbox mailer by the time the import was done. `BENCH_IMPORT_ROWS` changes
 * the size. On PostgreSQL, use a fresh database for comparable runs: a reused one still holds the
 * earlier runs' undelivered email jobs, which this run's worker then delivers alongside.
 */
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pino from 'pino';
import { buildApp } from '../server/app';
import { addUserToEvent } from '../server/modules/auth/accounts/service';
import { outboxEmails } from '../server/modules/emails/tables';
import { createEvent } from '../server/modules/events/service';
import { multipart, XLSX_TYPE } from '../server/modules/people/import/importTestKit';
import { teams } from '../server/modules/people/tables';
import { openRuntime } from '../server/platform/bootstrap';
import { loadConfig } from '../server/platform/config';
import { withTransaction } from '../server/platform/db/transaction';
import { templateHeader } from '../shared/people/importRules';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5000);
const DATA_DIR = '.tmp/bench-import';
const PASSWORD = `Bench-${Math.random().toString(36).slice(2)}-pw`;

async function buildXlsx(run: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Teams');
  sheet.addRow(templateHeader([]));
  for (let i = 1; i <= ROWS; i++) {
    sheet.addRow([
      `Stand ${i} Trading`,
      `First${i}`,
      `Surname${i}`,
      `Owner.${run}.${i}@bench.example`,
      i % 2 === 0 ? 'Exhibitor' : '',
      i % 50 === 0 ? 'Yes' : 'No',
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function main() {
  const onPostgres = Boolean(process.env.DATABASE_URL);
  if (!onPostgres) rmSync(DATA_DIR, { recursive: true, force: true });
  const config = loadConfig({ ...process.env, DATA_DIR, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0' });
  const logger = pino({ level: 'warn' });
  const { ctx, shutdown } = await openRuntime(config, 'server', logger);
  const app = await buildApp(ctx);
  await ctx.jobs.start();
  try {
    const run = Math.random().toString(36).slice(2, 8);
    const adminEmail = `admin.${run}@bench.example`;
    const eventId = await withTransaction(ctx.db, async (tx) => {
      const id = await createEvent(
        tx,
        {
          eventName: `Import bench ${run}`,
          shortName: 'Bench',
          startDate: '2027-05-10',
          endDate: '2027-05-12',
          timeZone: 'Europe/London',
          appUrl: 'http://localhost:3000',
        },
        'system',
      );
      await addUserToEvent(
        tx,
        {
          eventId: id,
          email: adminEmail,
          firstName: 'Bench',
          surname: 'Admin',
          permissions: 'admin',
          password: PASSWORD,
        },
        'system',
      );
      return id;
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: adminEmail, password: PASSWORD, eventId },
    });
    const cookie = `portal_session=${login.cookies.find((c) => c.name === 'portal_session')?.value}`;
    const base = `/api/events/${eventId}`;
    await app.inject({
      method: 'POST',
      url: `${base}/team-types`,
      headers: { cookie },
      payload: { name: 'Exhibitor' },
    });

    const generated = performance.now();
    const file = await buildXlsx(run);
    const generateMs = performance.now() - generated;

    const body = multipart('bench.xlsx', file, XLSX_TYPE);
    const previewStarted = performance.now();
    const uploaded = await app.inject({
      method: 'POST',
      url: `${base}/team-imports`,
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
    const previewMs = performance.now() - previewStarted;
    if (uploaded.statusCode !== 201) throw new Error(`upload ${uploaded.statusCode} ${uploaded.body}`);
    const { id: importId, readyRows } = uploaded.json() as { id: string; readyRows: number };
    if (readyRows !== ROWS) throw new Error(`expected ${ROWS} ready rows, got ${readyRows}`);

    const loadAtStart = loadavg()[0];
    const importStarted = performance.now();
    const started = await app.inject({
      method: 'POST',
      url: `${base}/team-imports/${importId}/start`,
      headers: { cookie },
      payload: {},
    });
    if (started.statusCode !== 202) throw new Error(`start ${started.statusCode} ${started.body}`);
    let latest: { state: string; doneRows: number; createdRows: number; failedRows: number };
    for (;;) {
      await new Promise((r) => setTimeout(r, 250));
      latest = (
        await app.inject({ method: 'GET', url: `${base}/team-imports/latest`, headers: { cookie } })
      ).json().import;
      if (latest.state === 'done' || latest.state === 'failed') break;
    }
    const importMs = performance.now() - importStarted;
    const loadAtEnd = loadavg()[0];
    if (latest.createdRows !== ROWS) throw new Error(`import ended ${JSON.stringify(latest)}`);
    const [{ made }] = await ctx.db.select({ made: count() }).from(teams).where(eq(teams.eventId, eventId));
    const [{ emails, delivered }] = await ctx.db
      .select({
        emails: count(),
        delivered: sql<number>`count(*) filter (where ${outboxEmails.status} <> 'queued')`,
      })
      .from(outboxEmails)
      .where(eq(outboxEmails.eventId, eventId));

    const engine = onPostgres ? 'PostgreSQL' : 'PGlite';
    console.log(
      `\nTeam import, ${engine}, ${ROWS.toLocaleString('en-GB')} rows (XLSX ${(file.length / 1024).toFixed(0)} KB)`,
    );
    console.log('| measurement | figure | target |\n|---|---|---|');
    console.log(`| generate the XLSX (exceljs) | ${(generateMs / 1000).toFixed(1)} s | — |`);
    console.log(`| upload + read + check + store the preview | ${(previewMs / 1000).toFixed(1)} s | — |`);
    const rate = ROWS / (importMs / 1000);
    console.log(
      `| import job (pg-boss), start to done, ${made} teams, ${emails} emails queued | ${(importMs / 1000).toFixed(1)} s, **${rate.toFixed(0)} rows/s** | ${onPostgres ? '>= 100 rows/s' : '—'} |`,
    );
    console.log(`| welcome emails delivered by then (email.send worker, outbox mailer) | ${delivered} | — |`);
    console.log(
      `| machine load average (1 min), import start / end | ${loadAtStart.toFixed(1)} / ${loadAtEnd.toFixed(1)} | — |`,
    );
    if (onPostgres && rate < 100) process.exitCode = 1;
  } finally {
    await app.close();
    await shutdown();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
