import { describe, expect, it } from 'vitest';
import { runBatch } from './jobs';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How a fetched batch of jobs is run (the email queue runs its batches several at a time). */
describe('runBatch', () => {
  it('one at a time: in order, and a failure stops the batch there', async () => {
    const ran: number[] = [];
    const run = async (n: number) => {
      ran.push(n);
      if (n === 2) throw new Error('job 2 failed');
    };
    await expect(runBatch([1, 2, 3], 1, run)).rejects.toThrow('job 2 failed');
    expect(ran).toEqual([1, 2]);
  });

  it('parallel: never more than the limit at once, and every job runs', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await runBatch(
      Array.from({ length: 12 }, (_, n) => n),
      4,
      async (n) => {
        running++;
        most = Math.max(most, running);
        await tick(5);
        running--;
        done.push(n);
      },
    );
    expect(most).toBe(4);
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, n) => n));
  });

  it('parallel: a failure fails the batch only after the other jobs have finished', async () => {
    const done: number[] = [];
    const run = async (n: number) => {
      await tick(n === 0 ? 1 : 10);
      if (n === 0) throw new Error('job 0 failed');
      done.push(n);
    };
    await expect(runBatch([0, 1, 2, 3, 4], 3, run)).rejects.toThrow('job 0 failed');
    expect(done.sort()).toEqual([1, 2, 3, 4]);
  });
});
