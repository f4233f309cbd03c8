/**
 * Content pages (issue 4): a page with 40 sections (every type, several of each) loads through the
 * API in under 30 ms p95 on PGlite. In-process: the full Fastify app (guards, validation, the
 * service, response serialisation) driven by `inject`, on a freshly migrated PGlite database.
 * `npx tsx bench/content.bench.ts`
 */
import sharp from 'sharp';
import { buildApp } from '../server/app';
import { createAsset } from '../server/modules/assets/service';
import { addUserToEvent } from '../server/modules/auth/accounts/service';
import { makePdf } from '../server/modules/files/samples';
import { storeUpload } from '../server/modules/files/upload/service';
import { enableReadCache } from '../server/platform/cache';
import { openPglite } from '../server/platform/db/client';
import { migrate } from '../server/platform/db/migrate';
import { withTransaction } from '../server/platform/db/transaction';
import { systemActor } from '../server/platform/http/actor';
import { benchContext, createBenchEvent, percentile } from './lib';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const SECTIONS = 40;
const PASSWORD = 'bench-password-123';

async function main() {
  const database = await openPglite(undefined);
  await migrate(database);
  enableReadCache(true);
  const ctx = benchContext(database, { files: '.tmp/bench-content-files' });
  const app = await buildApp(ctx);
  await app.ready();
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
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/events/${eventId}${url}`,
      headers: { cookie },
      ...(payload ? { payload } : {}),
    });

  const group = (await call('POST', '/task-groups', { title: 'Build-up' })).json();
  const task = (
    await call('POST', '/tasks', { title: 'Stand plan', dueDate: '2027-04-01', groupId: group.id })
  ).json();
  const page = (await call('POST', '/content', { title: 'Exhibitor manual', isPublished: true })).json();
  const pdfFile = await storeUpload(ctx, {
    eventId,
    purpose: 'contentPdf',
    uploadedBy: 'system',
    fileName: 'Manual.pdf',
    bytes: makePdf(['Exhibitor manual']),
  });
  // An image section shows an image asset of this event, as the screen's picker offers.
  const imageFile = await storeUpload(ctx, {
    eventId,
    purpose: 'asset',
    uploadedBy: 'system',
    fileName: 'hall-plan.png',
    bytes: await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#0b4f6c' } })
      .png()
      .toBuffer(),
  });
  const hallPlan = await createAsset(ctx, systemActor(eventId), {
    name: 'Hall plan',
    altText: 'Hall plan',
    fileId: imageFile.id,
  });
  const paragraph = `<p>${'Stand build runs from Monday 08:00; every exhibitor must check in at the loading bay. '.repeat(8)}</p>`;
  const kinds = [
    { type: 'richText', data: paragraph },
    { type: 'button', data: { text: 'Book your hotel', link: 'https://example.com/hotels' } },
    { type: 'callout', data: { text: 'Badges are collected at the north entrance.', variant: 'info' } },
    {
      type: 'image',
      data: {
        assetId: hallPlan.id,
        src: hallPlan.url,
        altText: 'Hall plan',
      },
    },
    { type: 'googleMaps', data: 'ExCeL London, Royal Victoria Dock' },
    { type: 'pdf', data: { fileName: 'Manual.pdf', fileIds: [pdfFile.id] } },
    { type: 'youTube', data: 'dQw4w9WgXcQ' },
    { type: 'vimeo', data: '76979871' },
    { type: 'taskList', data: { id: group.id } },
    { type: 'resources', data: [{ type: 'task', id: task.id, label: 'Send your stand plan' }] },
    {
      type: 'table',
      data: {
        isFixedWidth: true,
        isFirstRowHeader: true,
        columnCount: 3,
        rows: Array.from({ length: 12 }, (_, i) => ({ cells: [`Day ${i}`, '08:00', '20:00'] })),
      },
    },
  ];
  const sections = Array.from({ length: SECTIONS }, (_, i) => ({
    heading: `Section ${i + 1}`,
    ...kinds[i % kinds.length],
  }));
  const saved = await call('PUT', `/content/${page.id}/sections`, { sections });
  if (saved.statusCode !== 200) throw new Error(`save ${saved.statusCode} ${saved.body}`);

  const rows: { step: string; p50: number; p95: number }[] = [];
  for (const [step, url] of [
    ['GET /content/:id (editor, 40 sections)', `/content/${page.id}`],
    ['GET /my-content/:id (reader, 40 sections resolved)', `/my-content/${page.id}`],
  ] as const) {
    for (let i = 0; i < 20; i++) await call('GET', url); // warm up (plans, JIT)
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      const res = await call('GET', url);
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`${url} ${res.statusCode}`);
    }
    rows.push({ step, p50: percentile(times, 50), p95: percentile(times, 95) });
  }
  console.log(`\n${REQUESTS} sequential requests each, PGlite in-process:`);
  for (const r of rows) {
    const ok = r.p95 < 30;
    console.log(
      `${r.step.padEnd(52)} p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  (target p95 < 30 ms) ${ok ? 'ok' : 'OVER'}`,
    );
    if (!ok) process.exitCode = 1;
  }
  await app.close();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
