import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ScopedStorage, scopedRunsInProgress } from './scopedStorage';

describe('ScopedStorage: a store for the stretch of work that runs it, the async hook off in between', () => {
  it('keeps the store across awaits inside its run, and counts the run until it settles', async () => {
    const storage = new ScopedStorage<{ name: string }>();
    const idle = scopedRunsInProgress();
    const seen: (string | undefined)[] = [];
    const done = storage.run({ name: 'a' }, async () => {
      seen.push(storage.getStore()?.name);
      await sleep(5);
      seen.push(storage.getStore()?.name);
      await Promise.resolve();
      seen.push(storage.getStore()?.name);
      return 42;
    });
    expect(scopedRunsInProgress()).toBe(idle + 1);
    expect(await done).toBe(42);
    await Promise.resolve();
    expect(seen).toEqual(['a', 'a', 'a']);
    expect(scopedRunsInProgress()).toBe(idle);
    expect(storage.getStore()).toBeUndefined();
  });

  it('a run that ends does not take the store from another one still running, in any storage', async () => {
    const first = new ScopedStorage<string>();
    const second = new ScopedStorage<string>();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const long = first.run('long', async () => {
      await gate;
      await sleep(1);
      return [first.getStore(), second.getStore()];
    });
    // Short runs start and settle (the last run ending would disable every storage).
    for (let i = 0; i < 3; i++)
      expect(await second.run(`short ${i}`, async () => second.getStore())).toBe(`short ${i}`);
    expect(second.run('sync', () => second.getStore())).toBe('sync');
    release();
    expect(await long).toEqual(['long', undefined]);
  });

  it('nested runs see the inner store, then the outer one again', async () => {
    const storage = new ScopedStorage<string>();
    const result = await storage.run('outer', async () => {
      const inner = await storage.run('inner', async () => {
        await sleep(1);
        return storage.getStore();
      });
      await sleep(1);
      return [inner, storage.getStore()];
    });
    expect(result).toEqual(['inner', 'outer']);
  });

  it('a run that throws or rejects is counted out, and its error reaches the caller', async () => {
    const storage = new ScopedStorage<string>();
    const idle = scopedRunsInProgress();
    expect(() =>
      storage.run('x', () => {
        throw new Error('sync');
      }),
    ).toThrow('sync');
    await expect(
      storage.run('y', async () => {
        await sleep(1);
        throw new Error('async');
      }),
    ).rejects.toThrow('async');
    await Promise.resolve();
    expect(scopedRunsInProgress()).toBe(idle);
    // And the storage works again afterwards.
    expect(await storage.run('z', async () => storage.getStore())).toBe('z');
  });
});
