/**
 * Next edition (issue 21): cloning the demo event in under 10 s, and an event of 300 tasks, 20 forms
 * and 200 content pages in under 60 s. In-process, on a freshly migrated PGlite database, or on
 * PostgreSQL when DATABASE_URL is set (a scratch database made and dropped by the run).
 * `npx tsx bench/clone.bench.ts` (RUNS=3 by default; each run clones the same source again).
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { eq } from 'drizzle-orm';
import { contentPages, contentSections } from '../server/modules/content/tables';
import { runClone } from '../server/modules/editions/jobs';
import { eventClones } from '../server/modules/editions/tables';
import { forms } from '../server/modules/forms/tables';
import { memberships } from '../server/modules/people/tables';
import { taskGroups, tasks } from '../server/modules/tasks/tables';
import type { AppContext } from '../server/platform/context';
import { type Database, openPglite } from '../server/platform/db/client';
import { migrate } from '../server/platform/db/migrate';
import { seedDemo } from '../server/seed/demo';
import { seedDemoForms } from '../server/seed/demoForms';
import { wireJobs, wireModules } from '../server/wiring';
import { benchContext, median } from './lib';
import { scratchPostgres } from './scratchPostgres';

const RUNS = Number(process.env.RUNS ?? 3);
const FILES_DIR = '.tmp/bench-clone-files';

async function cloneOnce(ctx: AppContext, eventId: string, actorId: string, name: string) {
  const [row] = await ctx.db.insert(eventClones).values({ eventId, name, shiftDays: 364 }).returning();
  const started = performance.now();
  await runClone(ctx, { v: 1, eventId, cloneId: row.id, actorId });
  const ms = performance.now() - started;
  const [done] = await ctx.db.select().from(eventClones).where(eq(eventClones.id, row.id));
  if (done.state !== 'done') throw new Error(`clone ${done.state}: ${done.error}`);
  return ms;
}

/** Grows the demo event to 300 tasks, 20 forms and 200 content pages with linked sections. */
async function growToLarge(ctx: AppContext, eventId: string) {
  while ((await ctx.db.select({ id: forms.id }).from(forms).where(eq(forms.eventId, eventId))).length < 20)
    await seedDemoForms(ctx, eventId);
  const [group] = await ctx.db
    .insert(taskGroups)
    .values({ eventId, title: 'Bench group' })
    .returning({ id: taskGroups.id });
  const have = (await ctx.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.eventId, eventId))).length;
  const formIds = (await ctx.db.select({ id: forms.id }).from(forms).where(eq(forms.eventId, eventId))).map(
    (f) => f.id,
  );
  await ctx.db.insert(tasks).values(
    Array.from({ length: 300 - have }, (_, i) => ({
      eventId,
      title: `Bench task ${i + 1}`,
      dueDate: '2027-04-01',
      description: `<p>See <a href="/forms/${formIds[i % formIds.length]}">the form</a>.</p>`,
      type: 'form' as const,
      groupId: group.id,
      formId: formIds[i % formIds.length],
      position: i,
    })),
  );
  const [sample] = await ctx.db
    .select()
    .from(contentSections)
    .where(eq(contentSections.eventId, eventId))
    .limit(1);
  const pages = (
    await ctx.db.select({ id: contentPages.id }).from(contentPages).where(eq(contentPages.eventId, eventId))
  ).length;
  const ids = Array.from({ length: 200 - pages }, () => randomUUID());
  await ctx.db
    .insert(contentPages)
    .values(ids.map((id, i) => ({ id, eventId, title: `Bench page ${i + 1}`, description: '' })));
  await ctx.db.insert(contentSections).values(
    ids.flatMap((pageId, i) =>
      [0, 1, 2].map((position) => ({
        eventId,
        pageId,
        position,
        heading: `Section ${position + 1}`,
        type: sample.type,
        // The next page's id inside the section's JSON, as a link in rich text would hold it.
        data: { ...sample.data, link: `/pages/${ids[(i + 1) % ids.length]}` } as typeof sample.data,
      })),
    ),
  );
}

async function main() {
  const url = process.env.DATABASE_URL;
  const scratch = url ? await scratchPostgres(url, 'bench_clone') : null;
  const database: Database = scratch ? scratch.database : await openPglite(undefined);
  await migrate(database);
  rmSync(FILES_DIR, { recursive: true, force: true });
  const ctx = benchContext(database, { files: FILES_DIR });
  wireModules();
  wireJobs(ctx);
  const engine = database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  try {
    const { eventId } = await seedDemo(ctx);
    const [admin] = await ctx.db
      .select({ id: memberships.accountId })
      .from(memberships)
      .where(eq(memberships.eventId, eventId))
      .limit(1);
    const demo: number[] = [];
    for (let i = 0; i < RUNS; i++) demo.push(await cloneOnce(ctx, eventId, admin.id, `Demo copy ${i + 1}`));
    await growToLarge(ctx, eventId);
    const large: number[] = [];
    for (let i = 0; i < RUNS; i++) large.push(await cloneOnce(ctx, eventId, admin.id, `Large copy ${i + 1}`));
    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    const fmt = (ms: number[]) =>
      `median ${(median(ms) / 1000).toFixed(2)} s, max ${(Math.max(...ms) / 1000).toFixed(2)} s`;
    console.log(`clone, ${engine}, ${RUNS} runs each, load ${load}`);
    console.log(`  demo event: ${fmt(demo)} (target < 10 s)`);
    console.log(`  300 tasks, 20 forms, 200 pages: ${fmt(large)} (target < 60 s)`);
  } finally {
    await (scratch ? scratch.drop() : database.close());
    rmSync(FILES_DIR, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
