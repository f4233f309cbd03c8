import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import type { Database } from './client';
import { withStartupLock } from './startupLock';

/**
 * Processes starting together take turns under the lock (decision 0052). Each call holds the lock
 * on a connection of its own, as two processes would; on PGlite the work just runs.
 */
describe('withStartupLock', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('runs one holder at a time for a key, passes the result on, and frees the key after a failure', async () => {
    const events: string[] = [];
    const work = (name: string) => async () => {
      events.push(`${name} in`);
      // Long enough that the other would be inside too if nothing held it out.
      await new Promise((r) => setTimeout(r, 300));
      events.push(`${name} out`);
      return name;
    };
    const results = await Promise.all([
      withStartupLock(database, 'portal_test_lock', work('a')),
      withStartupLock(database, 'portal_test_lock', work('b')),
    ]);
    expect(results).toEqual(['a', 'b']);
    if (database.kind === 'postgres') {
      // Never both inside: whoever got the lock first was out before the other came in.
      const first = events[0]?.split(' ')[0];
      const second = first === 'a' ? 'b' : 'a';
      expect(events).toEqual([`${first} in`, `${first} out`, `${second} in`, `${second} out`]);
    }
    await expect(
      withStartupLock(database, 'portal_test_lock', async () => {
        throw new Error('migration failed');
      }),
    ).rejects.toThrow('migration failed');
    expect(await withStartupLock(database, 'portal_test_lock', async () => 'after')).toBe('after');
  });
});
