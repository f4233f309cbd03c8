import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import type { Database } from './db/client';
import { createRequestsInFlight } from './http/requestsInFlight';
import { createQueueJobs, type Jobs } from './jobs';

const openResponse = () => new EventEmitter() as unknown as ServerResponse;

/**
 * The real queue given the server's requests in flight (on PGlite, decision 0050): a job waits
 * while a request is being answered and runs once it is answered, or at the wait limit when
 * requests never stop.
 */
describe('jobs let the requests in flight go first', () => {
  let database: Database;
  const queues: Jobs[] = [];
  /** Per job: the requests in flight when it ran, and when. */
  const ran = new Map<string, { inFlight: number; at: number }>();

  /** A queue of its own (one job name each, so neither takes the other's jobs). */
  async function queue(name: string, maxWaitMs: number) {
    const requests = createRequestsInFlight();
    const jobs = createQueueJobs(database, pino({ level: 'silent' }), true, requests, maxWaitMs);
    jobs.register(name, async (data) => {
      ran.set((data as { key: string }).key, { inFlight: requests.count, at: performance.now() });
    });
    await jobs.start();
    queues.push(jobs);
    return { jobs, requests };
  }

  async function ranWithin(key: string, ms: number) {
    const deadline = performance.now() + ms;
    while (!ran.has(key) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return ran.get(key);
  }

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    for (const jobs of queues) await jobs.stop();
    await database.close();
  });

  it('waits for the request in flight, then runs', async () => {
    const { jobs, requests } = await queue('yield-long', 30_000);
    const response = openResponse();
    requests.track('application/json', response);
    await jobs.send('yield-long', { key: 'after the answer' });
    // The queue fetches it within its second of polling; without the wait it would run then.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(ran.has('after the answer')).toBe(false);
    const answered = performance.now();
    response.emit('close');
    const run = await ranWithin('after the answer', 5_000);
    expect(run?.inFlight).toBe(0);
    expect(run?.at).toBeGreaterThanOrEqual(answered);
  });

  it('runs at the wait limit when a request stays in flight', async () => {
    const { jobs, requests } = await queue('yield-short', 300);
    requests.track('application/json', openResponse());
    await jobs.send('yield-short', { key: 'despite the request' });
    expect((await ranWithin('despite the request', 6_000))?.inFlight).toBe(1);
  });
});
