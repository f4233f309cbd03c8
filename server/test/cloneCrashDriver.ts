/**
 * A real process for the kill -9 test of the next-edition clone (editions/cloneCrash.test.ts), on
 * the database the test gives (DATABASE_URL, else a PGlite data dir) and DATA_DIR's file store:
 * `kill` seeds the demo event, records a clone and runs it, and SIGKILLs itself once the clone's
 * transaction has copied the stored files (before it commits), printing the clone first; `retry`
 * opens the same database and store, as the next process does, and runs the clone's job again (as
 * the queue does with a job whose process died), printing what the copy's folder holds and what
 * the new event's rows name.
 */
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { eventFolder } from '../modules/editions/clone/service';
import { runClone } from '../modules/editions/jobs';
import { eventClones } from '../modules/editions/tables';
import { files } from '../modules/files/tables';
import { memberships } from '../modules/people/tables';
import { openRuntime } from '../platform/bootstrap';
import { loadConfig } from '../platform/config';
import { seedDemo } from '../seed/demo';

const [phase, dataDir] = process.argv.slice(2);

async function open() {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', WORKER: 'off' });
  return openRuntime(config, 'server', pino({ level: 'warn' }, pino.destination(2)));
}

async function kill(): Promise<void> {
  const { ctx } = await open();
  const { eventId } = await seedDemo(ctx);
  const [admin] = await ctx.db
    .select({ id: memberships.accountId })
    .from(memberships)
    .where(eq(memberships.eventId, eventId))
    .limit(1);
  const [clone] = await ctx.db
    .insert(eventClones)
    .values({ eventId, name: 'Killed Expo', shiftDays: 364 })
    .returning({ id: eventClones.id });
  const job = { v: 1 as const, eventId, cloneId: clone.id, actorId: admin.id };
  // Pipes are written synchronously on Linux: this line is out before the kill.
  console.log(JSON.stringify({ phase: 'cloning', job }));
  await runClone(ctx, job, {
    afterStep: (_done, _total, table) => {
      // The files are stored and the assets written; nothing is committed: no chance to clean up.
      if (table === 'assets') process.kill(process.pid, 'SIGKILL');
    },
  });
  console.log(JSON.stringify({ phase: 'not killed' }));
}

async function retry(): Promise<void> {
  const { ctx, shutdown } = await open();
  const job = JSON.parse(process.argv[4]);
  const [before] = await ctx.db.select().from(eventClones).where(eq(eventClones.id, job.cloneId));
  await runClone(ctx, job);
  const [after] = await ctx.db.select().from(eventClones).where(eq(eventClones.id, job.cloneId));
  const stored: string[] = [];
  if (after.newEventId)
    for await (const o of ctx.storage.list(eventFolder(after.newEventId))) stored.push(o.key);
  const named = new Set<string>();
  const rows = after.newEventId
    ? await ctx.db.select().from(files).where(eq(files.eventId, after.newEventId))
    : [];
  for (const row of rows) {
    named.add(row.storageKey);
    for (const key of Object.values(row.variants ?? {})) named.add(key);
  }
  console.log(
    JSON.stringify({
      phase: 'retried',
      stateBefore: before.state,
      state: after.state,
      newEventId: after.newEventId,
      stored: stored.sort(),
      named: [...named].sort(),
    }),
  );
  await shutdown();
}

(phase === 'kill' ? kill() : retry()).catch((err) => {
  console.error(err);
  process.exit(1);
});
