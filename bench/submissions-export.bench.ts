/**
 * Exporting 10,000 submissions of the catering form (issue 14: XLSX under 10 s with flat memory).
 * The built app listens on a local port and the export is downloaded over HTTP as a browser would,
 * the body read as it arrives; resident memory is sampled every 20 ms and, on a pass of its own, the
 * live heap after a full collection every 100 ms. The same export of a quarter of the rows first:
 * flat memory means the same peak for both sizes. PGlite in process by default; PostgreSQL when
 * DATABASE_URL is set (a scratch database is made and dropped).
 * `npx tsx --expose-gc bench/submissions-export.bench.ts`, or with `DATABASE_URL=postgres://...` set.
 */
import { loadavg } from 'node:os';
import { buildApp } from '../server/app';
import { addUserToEvent } from '../server/modules/auth/accounts/service';
import { importFixture, rekeyFixture } from '../server/modules/forms/fixtures/service';
import { formDefinition } from '../server/modules/forms/queries';
import { formSubmissions } from '../server/modules/submissions/tables';
import { enableReadCache } from '../server/platform/cache';
import { openPglite } from '../server/platform/db/client';
import { migrate } from '../server/platform/db/migrate';
import { withTransaction } from '../server/platform/db/transaction';
import { systemActor } from '../server/platform/http/actor';
import { rekeyValues } from '../server/seed/demoSubmissions';
import { cateringOrderFixture } from '../shared/forms/fixtures';
import { validateSubmission } from '../shared/forms/validate';
import { benchContext, createBenchEvent } from './lib';
import { scratchPostgres } from './scratchPostgres';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TEAMS = 50;
const TARGET_MS = 10_000;
const PASSWORD = 'bench-password-123';
const MB = 1024 * 1024;

type Measured = { ms: number; bytes: number; heapPeakMB: number; rssPeakMB: number };

async function main() {
  const url = process.env.DATABASE_URL;
  const engine = url ? 'PostgreSQL' : 'PGlite';
  const scratch = url ? await scratchPostgres(url, 'submissions_export_bench') : null;
  const database = scratch?.database ?? (await openPglite(undefined));
  await migrate(database);
  enableReadCache(!url);
  const ctx = benchContext(database, { files: '.tmp/bench-submissions-export-files' });
  const app = await buildApp(ctx);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const eventId = await createBenchEvent(database);
  const email = 'bench.admin@example.test';
  await withTransaction(database.db, (tx) =>
    addUserToEvent(
      tx,
      { eventId, email, firstName: 'Bench', surname: 'Admin', permissions: 'admin', password: PASSWORD },
      'system',
    ),
  );
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
  });
  const cookie = `portal_session=${login.cookies.find((c) => c.name === 'portal_session')?.value}`;
  const teamIds: string[] = [];
  for (let i = 0; i < TEAMS; i++) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/teams`,
      headers: { cookie },
      payload: {
        name: `Exhibitor ${String(i + 1).padStart(3, '0')}`,
        owner: { firstName: 'Olive', surname: `Owner ${i}`, email: `owner${i}@bench.example` },
      },
    });
    if (res.statusCode !== 201) throw new Error(`team ${res.statusCode} ${res.body.slice(0, 200)}`);
    teamIds.push((res.json() as { id: string }).id);
  }
  const keyed = rekeyFixture(cateringOrderFixture);
  const formId = await withTransaction(database.db, (tx) =>
    importFixture(tx, systemActor(eventId), cateringOrderFixture, keyed),
  );
  // What the engine stores for the fixture's answers (as a submit would), for every row.
  const answers = rekeyValues(cateringOrderFixture.submission.values, keyed.idMap);
  const definition = await formDefinition(ctx, database.db, { eventId }, formId);
  const checked = validateSubmission(definition, answers, {
    isDraft: false,
    context: { client: null },
  });
  let stored = 0;
  async function fillTo(count: number) {
    const start = Date.parse('2027-04-01T08:00:00Z');
    while (stored < count) {
      const batch = Array.from({ length: Math.min(500, count - stored) }, (_, i) => {
        const n = stored + i;
        return {
          eventId,
          formId,
          teamId: teamIds[n % TEAMS],
          isDraft: n % 7 === 0,
          values: checked.values,
          createdBy: 'system',
          updatedBy: 'system',
          updatedAt: new Date(start + n * 1000),
        };
      });
      await database.db.insert(formSubmissions).values(batch);
      stored += batch.length;
    }
  }

  /**
   * One download. With `live`, the heap is measured after a full collection every 100 ms (what the
   * export holds, not the garbage waiting for the collector); this slows the run, so it is timed
   * on its own pass.
   */
  async function exportOnce(format: 'csv' | 'xlsx', live: boolean): Promise<Measured> {
    const gc = globalThis.gc;
    gc?.();
    let heapPeak = 0;
    let rssPeak = 0;
    const sample = () => {
      if (live) gc?.();
      const memory = process.memoryUsage();
      heapPeak = Math.max(heapPeak, memory.heapUsed);
      rssPeak = Math.max(rssPeak, memory.rss);
    };
    sample();
    const timer = setInterval(sample, live ? 100 : 20);
    const started = performance.now();
    const res = await fetch(
      `${base}/api/events/${eventId}/forms/${formId}/submissions/export?format=${format}`,
      {
        headers: { cookie },
      },
    );
    if (res.status !== 200 || !res.body) throw new Error(`export ${res.status}`);
    let bytes = 0;
    for await (const chunk of res.body) bytes += chunk.byteLength;
    const ms = performance.now() - started;
    clearInterval(timer);
    sample();
    return { ms, bytes, heapPeakMB: heapPeak / MB, rssPeakMB: rssPeak / MB };
  }

  const lines: string[] = [];
  for (const size of [Math.round(ROWS / 4), ROWS]) {
    await fillTo(size);
    for (const format of ['xlsx', 'csv'] as const) {
      const runs: Measured[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await exportOnce(format, false));
      const times = runs.map((r) => r.ms).sort((a, b) => a - b);
      const rss = Math.max(...runs.map((r) => r.rssPeakMB));
      const heap = globalThis.gc
        ? (await exportOnce(format, true)).heapPeakMB.toFixed(0)
        : 'run with --expose-gc';
      const ok = format === 'csv' || size < ROWS || (times.at(-1) ?? 0) < TARGET_MS;
      if (!ok) process.exitCode = 1;
      lines.push(
        `| ${format.toUpperCase()} | ${size.toLocaleString('en-GB')} | ${((runs[0]?.bytes ?? 0) / MB).toFixed(1)} | ${(times[0] ?? 0).toFixed(0)} / ${(times.at(-1) ?? 0).toFixed(0)} | ${heap} | ${rss.toFixed(0)} |`,
      );
    }
  }
  console.log(
    `\nExporting the catering form's submissions on ${engine}, ${RUNS} runs each (load average ${loadavg()[0].toFixed(1)})`,
  );
  console.log('| format | rows | MB | best / worst ms | peak live heap MB | peak RSS MB |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const line of lines) console.log(line);
  await app.close();
  if (scratch) await scratch.drop();
  else await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
