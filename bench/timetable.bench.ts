/**
 * Time table (issue 18): a user's calendar feed with 300 tasks and 200 sessions renders in under
 * 100 ms, and the time table API at 2,000 sessions answers in under 50 ms p95. In-process: the full
 * Fastify app driven by `inject` on a freshly migrated PGlite database.
 * Also the session import: 2,000 CSV rows previewed, then imported, on a fresh event each run.
 * `npx tsx bench/timetable.bench.ts`
 */
import { buildApp } from '../server/app';
import { addUserToEvent } from '../server/modules/auth/accounts/service';
import { createEvent } from '../server/modules/events/service';
import { csvFile, multipart } from '../server/modules/people/import/importTestKit';
import { tasks } from '../server/modules/tasks/tables';
import { timetableSessions, timetableTracks } from '../server/modules/timetable/tables';
import { openPglite } from '../server/platform/db/client';
import { migrate } from '../server/platform/db/migrate';
import { withTransaction } from '../server/platform/db/transaction';
import { sessionCalendarEvent, taskDeadlineEvent } from '../shared/timetable/calendar';
import { renderCalendar } from '../shared/timetable/ics';
import { benchContext, percentile } from './lib';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const PASSWORD = 'bench-password-123';

function local(minutesFromStart: number): string {
  return new Date(Date.UTC(2027, 4, 8, 7) + minutesFromStart * 60_000).toISOString().slice(0, 16);
}

async function main() {
  const database = await openPglite(undefined);
  await migrate(database);
  const ctx = benchContext(database, { files: '.tmp/bench-timetable-files' });
  const app = await buildApp(ctx);
  await app.ready();
  const db = database.db;
  const newEvent = (name: string) =>
    withTransaction(db, (tx) =>
      createEvent(
        tx,
        {
          eventName: name,
          shortName: name,
          startDate: '2027-05-10',
          endDate: '2027-05-12',
          timeZone: 'Europe/London',
          appUrl: 'https://bench.example',
        },
        'system',
      ),
    );
  const signIn = async (eventId: string, email: string, permissions: 'admin' | 'user') => {
    await withTransaction(db, (tx) =>
      addUserToEvent(
        tx,
        { eventId, email, firstName: 'Bench', surname: 'User', permissions, password: PASSWORD },
        'system',
      ),
    );
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD, eventId },
    });
    return `portal_session=${login.cookies.find((c) => c.name === 'portal_session')?.value}`;
  };

  const seed = async (eventId: string, sessions: number, taskCount: number) => {
    const [track] = await db
      .insert(timetableTracks)
      .values({ eventId, name: 'Show', color: '#1c7ed6' })
      .returning();
    const rows = Array.from({ length: sessions }, (_, i) => ({
      eventId,
      title: `Session ${i + 1}: exhibitor briefing, hall ${(i % 3) + 1}`,
      description: 'Bring your badge; the doors close five minutes after the start.',
      startsAt: local(i * 37),
      endsAt: local(i * 37 + 45),
      location: `Seminar room ${(i % 4) + 1}`,
      trackId: i % 2 === 0 ? track.id : null,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db.insert(timetableSessions).values(rows.slice(i, i + 500));
    if (taskCount > 0) {
      await db.insert(tasks).values(
        Array.from({ length: taskCount }, (_, i) => ({
          eventId,
          title: `Task ${i + 1}: upload your documents`,
          dueDate: new Date(Date.UTC(2027, 2, 1) + (i * 86_400_000) / 4).toISOString().slice(0, 10),
        })),
      );
    }
  };

  const feedEvent = await newEvent('Feed Expo');
  await seed(feedEvent, 200, 300);
  const feedUser = await signIn(feedEvent, 'feed.user@example.test', 'user');
  const adminOfFeed = await signIn(feedEvent, 'feed.admin@example.test', 'admin');
  await app.inject({
    method: 'PUT',
    url: `/api/events/${feedEvent}/core-pages/timeTable`,
    headers: { cookie: adminOfFeed },
    payload: { title: '', icon: 'calendar', isPublished: true },
  });
  const made = await app.inject({
    method: 'POST',
    url: `/api/events/${feedEvent}/time-table/feed`,
    headers: { cookie: feedUser },
    payload: {},
  });
  const feedPath = new URL(made.json().address).pathname;

  const bigEvent = await newEvent('Big Expo');
  await seed(bigEvent, 2000, 0);
  const bigAdmin = await signIn(bigEvent, 'big.admin@example.test', 'admin');

  const measure = async (step: string, target: number, run: () => Promise<{ statusCode: number }>) => {
    for (let i = 0; i < 20; i++) await run();
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      const res = await run();
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`${step} ${res.statusCode}`);
    }
    return { step, target, p50: percentile(times, 50), p95: percentile(times, 95) };
  };
  const get = (url: string, cookie?: string) => () => app.inject({ url, headers: cookie ? { cookie } : {} });
  const rows = [
    await measure('GET feed (.ics, 200 sessions + 300 tasks)', 100, get(feedPath)),
    await measure(
      'GET /my-time-table (2,000 sessions)',
      50,
      get(`/api/events/${bigEvent}/my-time-table`, bigAdmin),
    ),
    await measure(
      'GET /time-table/sessions (2,000, page 1)',
      50,
      get(`/api/events/${bigEvent}/time-table/sessions`, bigAdmin),
    ),
    await measure(
      'GET /time-table/sessions?day&search (2,000)',
      50,
      get(`/api/events/${bigEvent}/time-table/sessions?day=2027-05-20&search=hall%202`, bigAdmin),
    ),
  ];

  // The writer alone, 500 events (no database): what the feed's own rendering costs.
  const ctxCal = { timeZone: 'Europe/London', appUrl: 'https://bench.example', dueSoonDays: 30 };
  const events = [
    ...Array.from({ length: 200 }, (_, i) =>
      sessionCalendarEvent(
        {
          id: `s${i}`,
          title: `Session ${i}`,
          description: 'Text, with; escapes\nand lines',
          startsAt: local(i * 37),
          endsAt: local(i * 37 + 45),
          location: 'Hall 1',
          trackName: 'Show',
          updatedAt: new Date(),
        },
        ctxCal,
      ),
    ),
    ...Array.from({ length: 300 }, (_, i) =>
      taskDeadlineEvent({ id: `t${i}`, title: `Task ${i}`, dueDate: '2027-04-01' }, ctxCal),
    ),
  ];
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const started = performance.now();
    renderCalendar({ name: 'Bench', timeZone: 'Europe/London', events });
    times.push(performance.now() - started);
  }
  rows.push({
    step: 'renderCalendar alone (500 events)',
    target: 100,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
  });

  // The session import (decision 0016): 2,000 rows checked, then written in one request.
  const importRuns = Number(process.env.BENCH_IMPORT_RUNS ?? 3);
  const csv = csvFile([
    ['Title', 'Starts', 'Ends', 'Location', 'Track'],
    ...Array.from({ length: 2000 }, (_, i) => [
      `Imported ${i + 1}: delivery slot`,
      local(i * 37).replace('T', ' '),
      local(i * 37 + 30).replace('T', ' '),
      `Gate ${(i % 4) + 1}`,
      i % 2 === 0 ? 'Show' : '',
    ]),
  ]);
  const previewTimes: number[] = [];
  const importTimes: number[] = [];
  for (let run = 0; run < importRuns; run++) {
    const eventId = await newEvent(`Import Expo ${run}`);
    await db.insert(timetableTracks).values({ eventId, name: 'Show', color: '#1c7ed6' });
    const cookie = await signIn(eventId, `import.admin.${run}@example.test`, 'admin');
    const post = async (url: string, times: number[], status: number) => {
      const body = multipart('programme.csv', csv, 'text/csv');
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { cookie, ...body.headers },
        payload: body.payload,
      });
      times.push(performance.now() - started);
      if (res.statusCode !== status) throw new Error(`${url} ${res.statusCode} ${res.body.slice(0, 200)}`);
    };
    await post(`/api/events/${eventId}/time-table/import/preview`, previewTimes, 200);
    await post(`/api/events/${eventId}/time-table/import`, importTimes, 201);
  }
  console.log(`\nSession import, 2,000 CSV rows, ${importRuns} runs (fresh event each):`);
  console.log(
    `preview p50 ${percentile(previewTimes, 50).toFixed(0)} ms  max ${Math.max(...previewTimes).toFixed(0)} ms`,
  );
  console.log(
    `import  p50 ${percentile(importTimes, 50).toFixed(0)} ms  max ${Math.max(...importTimes).toFixed(0)} ms`,
  );

  console.log(`\n${REQUESTS} sequential requests each, PGlite in-process:`);
  for (const r of rows) {
    const ok = r.p95 < r.target;
    console.log(
      `${r.step.padEnd(48)} p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  (target p95 < ${r.target} ms) ${ok ? 'ok' : 'OVER'}`,
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
