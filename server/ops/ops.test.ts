import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { events } from '../modules/events/tables';
import { uploadAs } from '../modules/files/fileTestKit';
import { captionJpeg, makePdf } from '../modules/files/samples';
import { files } from '../modules/files/tables';
import { databaseDirOf } from '../platform/db/dataDirLayout';
import { createQueueJobs } from '../platform/jobs';
import { createDiskStorage, createS3Storage, type Storage } from '../platform/storage';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../test/harness';
import { type LocalS3, startLocalS3 } from '../test/s3Server';
import { restoreBackup, writeBackupFile } from './backup';
import { openControlSocket, requestBackup } from './controlSocket';
import { purgeEvent, tablesWithEventId } from './purgeEvent';
import { copyStorage } from './storageCopy';

/** Issue 20's operator commands on real stores: backup/restore, purge-event, storage-copy. */

async function keysOf(storage: Storage, prefix?: string) {
  const keys: string[] = [];
  for await (const object of storage.list(prefix)) keys.push(object.key);
  return keys.sort();
}

async function seedEventWithFiles(t: TestApp, name: string) {
  const eventId = await makeEvent(t, name);
  const admin = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
  const pdf = await uploadAs(t, admin, eventId, 'asset', 'Plan.pdf', makePdf([`${name} plan`]));
  const photo = await uploadAs(
    t,
    admin,
    eventId,
    'asset',
    'Hall.jpg',
    await captionJpeg(name, ['#123456', '#abcdef']),
  );
  expect([pdf.statusCode, photo.statusCode]).toEqual([201, 201]);
  return {
    eventId,
    admin,
    pdf: pdf.json() as { id: string; url: string },
    photo: photo.json() as { id: string },
  };
}

/** Every job of the test's queues, whatever its state. */
async function queuedJobs(t: TestApp): Promise<{ name: string; data: Record<string, unknown> }[]> {
  const result = await t.ctx.db.execute(
    sql`select name, data from pgboss.job where name like 'test.purge.%' order by created_on`,
  );
  return (result as unknown as { rows: { name: string; data: Record<string, unknown> }[] }).rows;
}

// Two apps on data dirs and an archive: tens of seconds while other tests share the two cores.
describe.skipIf(Boolean(inject('databaseUrl')))(
  'backup and restore of an embedded install',
  { timeout: 180_000 },
  () => {
    let tmp: string;
    let t: TestApp;
    let seeded: Awaited<ReturnType<typeof seedEventWithFiles>>;

    beforeAll(async () => {
      tmp = mkdtempSync(join(tmpdir(), 'portal-backup-'));
      t = await createTestApp({}, { pgliteDataDir: join(tmp, 'live') });
      seeded = await seedEventWithFiles(t, 'Backup Expo');
    }, 180_000);
    afterAll(async () => {
      await t.close();
      rmSync(tmp, { recursive: true, force: true });
    });

    it('backs up the running instance over its socket, restores to a fresh dir that serves the same rows and file', async () => {
      // Taken in-process first (the CLI's path when no server runs), then through the socket.
      const direct = await writeBackupFile(t.ctx.database, t.ctx.storage, join(tmp, 'direct.tar'));
      expect(direct.files).toBeGreaterThanOrEqual(2);
      const control = await openControlSocket(join(tmp, 'live'), t.ctx.database, t.ctx.storage, t.ctx.logger);
      const archive = join(tmp, 'portal.backup.tar');
      let summary: Awaited<ReturnType<typeof requestBackup>>;
      try {
        // A write racing the backup: it lands before or after the dump, never half-way.
        summary = await requestBackup(join(tmp, 'live'), archive);
      } finally {
        await control.close();
      }
      expect(summary.files).toBeGreaterThanOrEqual(2); // the PDF and the photo's original and sizes
      const restoredFiles = join(tmp, 'restored-files');
      const restored = await restoreBackup(archive, join(tmp, 'restored'), createDiskStorage(restoredFiles));
      expect(restored.files).toBe(summary.files);
      await expect(
        restoreBackup(archive, join(tmp, 'restored'), createDiskStorage(restoredFiles)),
      ).rejects.toThrow('already holds a database');

      const again = await createTestApp(
        {},
        // The restored database is in the data dir's db/ folder (decision 0039).
        { pgliteDataDir: databaseDirOf(join(tmp, 'restored')), storage: createDiskStorage(restoredFiles) },
      );
      try {
        const [event] = await again.ctx.db.select().from(events).where(eq(events.id, seeded.eventId));
        expect(event?.name).toBe('Backup Expo');
        const before = await t.ctx.db
          .select({ id: files.id })
          .from(files)
          .where(eq(files.eventId, seeded.eventId));
        const after = await again.ctx.db
          .select({ id: files.id })
          .from(files)
          .where(eq(files.eventId, seeded.eventId));
        expect(after.map((f) => f.id).sort()).toEqual(before.map((f) => f.id).sort());
        // The admin's session was in the backup: the same cookie reads the same PDF bytes.
        const original = await t.app.inject({
          method: 'GET',
          url: seeded.pdf.url,
          headers: { cookie: seeded.admin },
        });
        const copy = await again.app.inject({
          method: 'GET',
          url: seeded.pdf.url,
          headers: { cookie: seeded.admin },
        });
        expect(copy.statusCode).toBe(200);
        expect(copy.headers['content-type']).toBe('application/pdf');
        expect(copy.rawPayload.equals(original.rawPayload)).toBe(true);
      } finally {
        await again.close();
      }
    });
  },
);

// Two events with uploads each: tens of seconds when the two cores are shared with other runs.
describe('purge-event', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('removes every row and file of the event and leaves another event untouched', async () => {
    const doomed = await seedEventWithFiles(t, 'Doomed Expo');
    const kept = await seedEventWithFiles(t, 'Kept Expo');
    const keptKeys = await keysOf(t.ctx.storage, `${kept.eventId}/`);
    expect((await keysOf(t.ctx.storage, `${doomed.eventId}/`)).length).toBeGreaterThan(0);

    const tables = await tablesWithEventId(t.ctx.db);
    expect(tables.length).toBeGreaterThan(20);
    const count = async (table: string, eventId: string) =>
      Number(
        (
          (await t.ctx.db.execute(
            sql`select count(*)::int as n from ${sql.identifier(table)} where event_id = ${eventId}`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0].n,
      );
    const keptBefore = Object.fromEntries(
      await Promise.all(tables.map(async (n) => [n, await count(n, kept.eventId)])),
    );

    const summary = await purgeEvent(t.ctx.db, t.ctx.storage, doomed.eventId);
    expect(summary).toMatchObject({ eventId: doomed.eventId, name: 'Doomed Expo' });
    expect(summary.rows).toBeGreaterThan(5);

    for (const table of tables) expect([table, await count(table, doomed.eventId)]).toEqual([table, 0]);
    expect(await t.ctx.db.select().from(events).where(eq(events.id, doomed.eventId))).toEqual([]);
    expect(await keysOf(t.ctx.storage, `${doomed.eventId}/`)).toEqual([]);

    const keptAfter = Object.fromEntries(
      await Promise.all(tables.map(async (n) => [n, await count(n, kept.eventId)])),
    );
    expect(keptAfter).toEqual(keptBefore);
    expect(await keysOf(t.ctx.storage, `${kept.eventId}/`)).toEqual(keptKeys);
    const stillServed = await t.app.inject({
      method: 'GET',
      url: kept.pdf.url,
      headers: { cookie: kept.admin },
    });
    expect(stillServed.statusCode).toBe(200);
  });

  it('removes the queued jobs that name the event or one of its rows, and only those', async () => {
    const doomed = await seedEventWithFiles(t, 'Doomed Queue Expo');
    const kept = await seedEventWithFiles(t, 'Kept Queue Expo');
    // The real queue on the test's database (as the server runs it), not working: jobs stay queued.
    const queue = createQueueJobs(t.ctx.database, t.ctx.logger, false);
    for (const name of ['test.purge.event', 'test.purge.row', 'test.purge.other'])
      queue.register(name, async () => {});
    await queue.start();
    try {
      await queue.send('test.purge.event', { v: 1, eventId: doomed.eventId, importId: randomUUID() });
      await queue.send('test.purge.event', { v: 1, eventId: kept.eventId, importId: randomUUID() });
      // A row's id alone (a webhook delivery, an outbox email), or in a list (an email batch).
      await queue.send('test.purge.row', { v: 1, fileId: doomed.pdf.id });
      await queue.sendMany('test.purge.row', [
        { v: 1, outboxIds: [randomUUID(), doomed.photo.id] },
        { v: 1, outboxIds: [randomUUID(), kept.photo.id] },
        { v: 1, fileId: kept.pdf.id },
      ]);
      await queue.send('test.purge.other', { v: 1, email: 'someone@example.test', eventId: null });
      expect(await queuedJobs(t)).toHaveLength(7);

      const summary = await purgeEvent(t.ctx.db, t.ctx.storage, doomed.eventId);
      expect(summary.jobs).toBe(3);
      const after = await queuedJobs(t);
      expect(after).toHaveLength(4);
      const remaining = JSON.stringify(after);
      for (const id of [doomed.eventId, doomed.pdf.id, doomed.photo.id]) expect(remaining).not.toContain(id);
      for (const id of [kept.eventId, kept.pdf.id, kept.photo.id]) expect(remaining).toContain(id);
      expect(remaining).toContain('someone@example.test');
    } finally {
      await queue.stop();
    }
  });

  it('refuses an unknown event', async () => {
    await expect(purgeEvent(t.ctx.db, t.ctx.storage, '00000000-0000-4000-8000-000000000000')).rejects.toThrow(
      'Event ID not found',
    );
  });
});

describe('storage-copy between the disk and a local S3', { timeout: 120_000 }, () => {
  let s3: LocalS3;
  let tmp: string;
  beforeAll(async () => {
    s3 = await startLocalS3('copy-test');
    tmp = mkdtempSync(join(tmpdir(), 'portal-copy-'));
  });
  afterAll(async () => {
    await s3.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('copies every file across, skips what is already there (resumable), and copies back', async () => {
    const disk = createDiskStorage(join(tmp, 'files'));
    const bucket = createS3Storage(s3.config);
    const bodies: Record<string, Buffer> = {};
    for (let i = 0; i < 5; i++) {
      const key = `event-${i % 2}/asset/file-${i}/original.pdf`;
      bodies[key] = Buffer.from(`%PDF-1.4 file ${i} `.repeat(100 * (i + 1)));
      await disk.put(key, bodies[key], 'application/pdf');
    }
    // A copy that stopped half-way: two objects are already there.
    const [first, second] = Object.keys(bodies).sort();
    await bucket.put(first, bodies[first], 'application/pdf');
    await bucket.put(second, Buffer.from('half'), 'application/pdf'); // a different size: copied again

    const there = await copyStorage(disk, bucket);
    expect(there).toMatchObject({ direction: 'disk -> s3', copied: 4, skipped: 1, failed: [] });
    expect(await keysOf(bucket)).toEqual(Object.keys(bodies).sort());
    const again = await copyStorage(disk, bucket);
    expect(again).toMatchObject({ copied: 0, skipped: 5 });

    const back = createDiskStorage(join(tmp, 'back'));
    const home = await copyStorage(bucket, back);
    expect(home).toMatchObject({ direction: 's3 -> disk', copied: 5, skipped: 0 });
    for (const [key, body] of Object.entries(bodies)) {
      const chunks: Buffer[] = [];
      for await (const chunk of (await back.read(key)) ?? []) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(body)).toBe(true);
    }
  });
});
