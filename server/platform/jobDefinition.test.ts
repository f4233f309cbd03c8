import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../test/harness';
import type { Database } from './db/client';
import { withTransaction } from './db/transaction';
import { BadJobPayload, createInlineJobs, defineJob, type JobHost } from './jobs';

/** A logger whose error lines the test reads (the clear log a bad payload must leave). */
function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = { write: (line: string) => lines.push(JSON.parse(line)) };
  return { logger: pino({ level: 'error' }, stream), lines };
}

const greetingJob = defineJob(
  'test.greeting',
  z.object({ v: z.literal(1), name: z.string().min(1), times: z.number().int().default(1) }),
);

describe('defineJob: one name and one payload schema for every send and its worker', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  function host(): JobHost & { lines: Record<string, unknown>[] } {
    const { logger, lines } = recordingLogger();
    return { jobs: createInlineJobs(logger), logger, db: database.db, lines };
  }

  it('hands the worker the parsed payload (defaults applied) of a good send', async () => {
    const h = host();
    const seen: unknown[] = [];
    greetingJob.work(h, async (payload) => {
      seen.push(payload);
    });
    await greetingJob.send(h, { v: 1, name: 'Jo' });
    await greetingJob.sendMany(h, [
      { v: 1, name: 'Al', times: 2 },
      { v: 1, name: 'Bo' },
    ]);
    expect(seen).toEqual([
      { v: 1, name: 'Jo', times: 1 },
      { v: 1, name: 'Al', times: 2 },
      { v: 1, name: 'Bo', times: 1 },
    ]);
    expect(h.lines).toEqual([]);
  });

  it('refuses a bad payload at the sender, and nothing is queued', async () => {
    const h = host();
    const seen: unknown[] = [];
    greetingJob.work(h, async (payload) => {
      seen.push(payload);
    });
    // A caller outside TypeScript's reach (a JSON body, a cast) is still checked at run time.
    const bad = { v: 1, name: '' } as never;
    await expect(greetingJob.send(h, bad)).rejects.toBeInstanceOf(BadJobPayload);
    await expect(greetingJob.sendMany(h, [{ v: 1, name: 'ok' }, bad])).rejects.toThrow(/test\.greeting/);
    expect(seen).toEqual([]);
  });

  it('fails a job whose queued payload does not fit, with a clear log, and the worker carries on', async () => {
    const h = host();
    const seen: string[] = [];
    greetingJob.work(h, async ({ name }) => {
      seen.push(name);
    });
    // Queued by an older version, or by hand: straight onto the queue, past the sender's check.
    await h.jobs.send(greetingJob.name, { v: 2, name: 42 });
    await greetingJob.send(h, { v: 1, name: 'after' });

    expect(seen).toEqual(['after']);
    const refused = h.lines.find((line) => line.job === greetingJob.name);
    expect(refused?.msg).toMatch(/^Job test\.greeting: its payload does not fit the job's schema/);
    expect(JSON.stringify(refused?.issues)).toContain('"name"');
    // The inline queue logs the job's failure as it would a thrown error (pg-boss marks it failed).
    const failed = h.lines.find((line) => line.msg === 'job failed');
    expect((failed?.err as { type?: string })?.type).toBe('BadJobPayload');
  });

  it('sent inside a transaction, the job is queued once it commits and never after a rollback', async () => {
    const h = host();
    const seen: string[] = [];
    greetingJob.work(h, async ({ name }) => {
      seen.push(name);
    });
    await withTransaction(h.db, async () => {
      await greetingJob.send(h, { v: 1, name: 'committed' });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['committed']);

    await expect(
      withTransaction(h.db, async () => {
        await greetingJob.send(h, { v: 1, name: 'rolled back' });
        throw new Error('planned');
      }),
    ).rejects.toThrow('planned');
    expect(seen).toEqual(['committed']);
  });
});

describe('every queue goes through defineJob', () => {
  it('no server file but the queue itself names a job to jobs.send/sendMany/register/schedule', () => {
    const root = join(import.meta.dirname, '..');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    const raw = /\bjobs\s*\.\s*(send|sendMany|register|schedule)\s*\(/;
    const offenders = files.filter(
      (f) => f !== join('platform', 'jobs.ts') && raw.test(readFileSync(join(root, f), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
