/**
 * A real server process for the kill -9 and SIGTERM tests of the team import (import/crash.test.ts,
 * import/sigterm.test.ts), on the
 * database the test gives (DATABASE_URL, else a PGlite data dir): `start` makes an event, uploads
 * ROWS rows and starts the import, then runs the queue until killed; `resume` opens the same
 * database (as a restarted server does) and runs the queue until the import is done, printing one
 * JSON line when it is.
 */
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pino from 'pino';
import { templateHeader } from '../../shared/people/importRules';
import { buildApp } from '../app';
import { addUserToEvent } from '../modules/auth/accounts/service';
import { createEvent } from '../modules/events/service';
import { multipart, XLSX_TYPE } from '../modules/people/import/importTestKit';
import { teamImports } from '../modules/people/import/tables';
import { teamTypes } from '../modules/people/tables';
import { openRuntime } from '../platform/bootstrap';
import { loadConfig } from '../platform/config';
import { rowsOf } from '../platform/db/rows';
import { withTransaction } from '../platform/db/transaction';
import { exitOnSignals } from '../platform/observability/drain';

const [phase, dataDir, rowsArg] = process.argv.slice(2);
const ROWS = Number(rowsArg ?? 3000);
const PASSWORD = 'Crash-test-passphrase-1';

async function start(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
  });
  // Warnings and errors on stderr: the SIGTERM test shows them when the drain fails.
  const logger = pino({ level: process.env.CRASH_DRIVER_LOG ?? 'warn' }, pino.destination(2));
  const runtime = await openRuntime(config, 'server', logger);
  const { ctx } = runtime;
  const app = await buildApp(ctx);
  await ctx.jobs.start();
  // As the server: on a real port, and SIGTERM drains (the SIGTERM test); SIGKILL is not caught.
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  exitOnSignals([app], () => runtime.shutdown(), logger);
  const eventId = await withTransaction(ctx.db, async (tx) => {
    const id = await createEvent(
      tx,
      {
        eventName: 'Crash Fair',
        shortName: 'Crash',
        startDate: '2027-05-10',
        endDate: '2027-05-12',
        timeZone: 'Europe/London',
        appUrl: 'http://localhost:3000',
      },
      'system',
    );
    const admin = { eventId: id, email: 'admin@crash.example', firstName: 'Ada', surname: 'Admin' };
    await addUserToEvent(tx, { ...admin, permissions: 'admin', password: PASSWORD }, 'system');
    return id;
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'admin@crash.example', password: PASSWORD, eventId },
  });
  const cookie = `portal_session=${login.cookies.find((c) => c.name === 'portal_session')?.value}`;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Teams');
  sheet.addRow(templateHeader([]));
  for (let i = 1; i <= ROWS; i++) {
    sheet.addRow([`Stand ${i} Trading`, `First${i}`, `Surname${i}`, `owner.${i}@crash.example`, '', 'No']);
  }
  const body = multipart('teams.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()), XLSX_TYPE);
  const base = `/api/events/${eventId}`;
  const uploaded = await app.inject({
    method: 'POST',
    url: `${base}/team-imports`,
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
  const { id: importId } = uploaded.json() as { id: string };
  const started = await app.inject({
    method: 'POST',
    url: `${base}/team-imports/${importId}/start`,
    headers: { cookie },
    payload: {},
  });
  console.log(
    JSON.stringify({
      phase: 'started',
      status: started.statusCode,
      importId,
      base: address,
      eventId,
      cookie,
    }),
  );
  // Runs the import until the test kills this process.
  setInterval(() => {}, 1000);
}

async function resume(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
  });
  const opened = Date.now();
  const { ctx, shutdown } = await openRuntime(config, 'server', pino({ level: 'silent' }));
  // As the server starts: the app registers every job's handler, then the queue starts.
  const app = await buildApp(ctx);
  await ctx.jobs.start();
  // What the queue held when this process opened (the job as the drain handed it back), and when
  // the import moved again: the test prints both, so a slow resume says where its time went.
  const handedBack = await importJobs(ctx.db);
  const doneAtOpen = (await ctx.db.select().from(teamImports).limit(1))[0]?.doneRows ?? 0;
  let movedAfter: number | null = null;
  for (;;) {
    const [record] = await ctx.db.select().from(teamImports).limit(1);
    if (movedAfter === null && record && record.doneRows > doneAtOpen)
      movedAfter = (Date.now() - opened) / 1000;
    if (record && (record.state === 'done' || record.state === 'failed')) {
      const types = await ctx.db.select({ name: teamTypes.name }).from(teamTypes);
      console.log(
        JSON.stringify({
          phase: 'resumed',
          ...record,
          teamTypes: types.map((t) => t.name),
          seconds: (Date.now() - opened) / 1000,
          doneAtOpen,
          movedAfter,
          handedBack,
          jobs: await importJobs(ctx.db),
        }),
      );
      break;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await ctx.jobs.stop();
  await app.close();
  await shutdown();
}

/** The import's jobs on the queue: state, retries and when each may run next. */
function importJobs(db: Parameters<typeof rowsOf>[0]) {
  return rowsOf<Record<string, unknown>>(
    db,
    sql`select state, retry_count, start_after, started_on, completed_on from pgboss.job
      where name = 'people.team-import' order by created_on`,
  );
}

(phase === 'start' ? start() : resume()).catch((err) => {
  console.error(err);
  process.exit(1);
});
