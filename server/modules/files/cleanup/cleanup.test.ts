import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../../platform/context';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { uploadAs } from '../fileTestKit';
import { captionJpeg, makePdf } from '../samples';
import { claimFiles, storageKeysOf } from '../service';
import { files } from '../tables';
import { removeUnclaimedFiles, UNCLAIMED_FILE_MAX_AGE_MS, unclaimedFilesJob } from './jobs';

const HOUR = 60 * 60 * 1000;

describe('the unclaimed files cleanup job', () => {
  let t: TestApp;
  let eventId: string;
  let cookie: string;
  let accountId: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    const user = await makeUser(t, eventId, 'moderator');
    accountId = user.id;
    cookie = await signIn(t, user.email);
  });
  afterAll(() => t.close());

  const rowOf = async (id: string) => (await t.ctx.db.select().from(files).where(eq(files.id, id)))[0];
  const ageBy = (ids: string[], ms: number, now = new Date()) =>
    t.ctx.db
      .update(files)
      .set({ createdAt: new Date(now.getTime() - ms) })
      .where(inArray(files.id, ids));
  const stored = async (key: string) => {
    const stream = await t.ctx.storage.read(key);
    if (stream && 'destroy' in stream && typeof stream.destroy === 'function') stream.destroy();
    return stream !== null;
  };
  const upload = async (purpose: 'asset' | 'download', name: string, bytes: Buffer) => {
    const res = await uploadAs(t, cookie, eventId, purpose, name, bytes);
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };

  /** Rows written straight to the table, with a few bytes each, for the batch tests. */
  const makeOldFiles = async (count: number, ageMs: number, now = new Date()) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const id = randomUUID();
      const storageKey = `${eventId}/download/${id}/original.txt`;
      await t.ctx.storage.put(storageKey, Buffer.from(`note ${i}`), 'text/plain');
      await t.ctx.db.insert(files).values({
        id,
        eventId,
        ownerKind: 'download',
        name: `note ${i}.txt`,
        contentType: 'text/plain',
        size: 6,
        storageKey,
        uploadedBy: accountId,
        // Oldest first, a second apart, so the order of removal is known.
        createdAt: new Date(now.getTime() - ageMs - (count - i) * 1000),
      });
      ids.push(id);
    }
    return ids;
  };

  it('removes an old unclaimed upload with its image sizes, and keeps a young one and a claimed one', async () => {
    const photo = await captionJpeg('Stand plan', ['#123456', '#abcdef'], { width: 800, height: 600 });
    const abandoned = await upload('asset', 'Abandoned.jpg', photo);
    const young = await upload('asset', 'Still editing.jpg', photo);
    const claimed = await upload('download', 'Manual.pdf', makePdf(['Manual']));
    await t.ctx.db.transaction((tx) => claimFiles(tx, { eventId }, [claimed], 'download', randomUUID()));
    await ageBy([abandoned, claimed], UNCLAIMED_FILE_MAX_AGE_MS + HOUR);
    await ageBy([young], UNCLAIMED_FILE_MAX_AGE_MS - HOUR);
    const abandonedKeys = storageKeysOf(await rowOf(abandoned));
    expect(abandonedKeys).toHaveLength(5); // the original and four WebP sizes
    for (const key of abandonedKeys) expect(await stored(key)).toBe(true);

    // Through the job as registered at start-up (inline in tests; pg-boss runs it hourly).
    await unclaimedFilesJob.send(t.ctx, {});

    expect(await rowOf(abandoned)).toBeUndefined();
    for (const key of abandonedKeys) expect(await stored(key)).toBe(false);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/files/${abandoned}`,
      headers: { cookie },
    });
    expect(gone.statusCode).toBe(404);

    for (const id of [young, claimed]) {
      const row = await rowOf(id);
      expect(row).toBeDefined();
      for (const key of storageKeysOf(row)) expect(await stored(key)).toBe(true);
    }
    const stillMine = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/files/${young}`,
      headers: { cookie },
    });
    expect(stillMine.statusCode).toBe(200);
    // Claiming the young upload still works after the sweep.
    await t.ctx.db.transaction((tx) => claimFiles(tx, { eventId }, [young], 'asset', randomUUID()));
  });

  it('works in batches, oldest first, and leaves the rest of a backlog for the next run', async () => {
    const now = new Date();
    const ids = await makeOldFiles(5, UNCLAIMED_FILE_MAX_AGE_MS + HOUR, now);
    const first = await removeUnclaimedFiles(t.ctx, { now, batchSize: 2, maxBatches: 2 });
    expect(first).toEqual({ files: 4, batches: 2 });
    const left = await t.ctx.db.select({ id: files.id }).from(files).where(inArray(files.id, ids));
    expect(left.map((r) => r.id)).toEqual([ids[4]]);
    for (const id of ids.slice(0, 4)) {
      expect(await stored(`${eventId}/download/${id}/original.txt`)).toBe(false);
    }
    expect(await removeUnclaimedFiles(t.ctx, { now, batchSize: 2, maxBatches: 2 })).toEqual({
      files: 1,
      batches: 1,
    });
    expect(await removeUnclaimedFiles(t.ctx, { now, batchSize: 2 })).toEqual({ files: 0, batches: 0 });
  });

  it('shares the work when two runs overlap, each file removed once', async () => {
    const now = new Date();
    const ids = await makeOldFiles(12, UNCLAIMED_FILE_MAX_AGE_MS + HOUR, now);
    const runs = await Promise.all([
      removeUnclaimedFiles(t.ctx, { now, batchSize: 3 }),
      removeUnclaimedFiles(t.ctx, { now, batchSize: 3 }),
    ]);
    expect(runs[0].files + runs[1].files).toBe(12);
    expect(await t.ctx.db.select().from(files).where(inArray(files.id, ids))).toEqual([]);
  });

  it('never removes a file claimed while the sweep runs', async () => {
    const now = new Date();
    const [id] = await makeOldFiles(1, UNCLAIMED_FILE_MAX_AGE_MS + HOUR, now);
    const ownerId = randomUUID();
    let release = () => {};
    let claimedSignal = () => {};
    const holding = new Promise<void>((resolve) => {
      release = resolve;
    });
    const claimedYet = new Promise<void>((resolve) => {
      claimedSignal = resolve;
    });
    // The holder's save has claimed the file and not yet committed when the sweep starts.
    const claim = t.ctx.db.transaction(async (tx) => {
      await claimFiles(tx, { eventId }, [id], 'download', ownerId);
      claimedSignal();
      await holding;
    });
    await claimedYet;
    const sweep = removeUnclaimedFiles(t.ctx, { now });
    setTimeout(release, 50);
    await Promise.all([claim, sweep]);
    expect((await rowOf(id))?.ownerId).toBe(ownerId);
    expect(await stored(`${eventId}/download/${id}/original.txt`)).toBe(true);
  });

  it('logs a storage failure and still removes the rows', async () => {
    const now = new Date();
    const ids = await makeOldFiles(2, UNCLAIMED_FILE_MAX_AGE_MS + HOUR, now);
    const warn = vi.fn();
    const ctx: Pick<AppContext, 'db' | 'storage' | 'logger'> = {
      db: t.ctx.db,
      storage: {
        ...t.ctx.storage,
        remove: async () => {
          throw new Error('disk unavailable');
        },
      },
      logger: { ...t.ctx.logger, warn } as unknown as AppContext['logger'],
    };
    expect(await removeUnclaimedFiles(ctx, { now })).toEqual({ files: 2, batches: 1 });
    expect(await t.ctx.db.select().from(files).where(inArray(files.id, ids))).toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
  });
});
