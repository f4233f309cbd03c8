import type { Storage } from './index';

/**
 * While a backup copies the store, removals wait: a row deleted after the database was dumped
 * must still find its file in the archive. Held per store; removals queue and run on release.
 */
const holds = new WeakMap<Storage, { count: number; released: Promise<void>; release: () => void }>();

export function removalsHeld(storage: Storage): Promise<void> | null {
  return holds.get(storage)?.released ?? null;
}

export async function holdRemovals<T>(storage: Storage, fn: () => Promise<T>): Promise<T> {
  let hold = holds.get(storage);
  if (!hold) {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    hold = { count: 0, released, release };
    holds.set(storage, hold);
  }
  hold.count += 1;
  try {
    return await fn();
  } finally {
    hold.count -= 1;
    if (hold.count === 0) {
      holds.delete(storage);
      hold.release();
    }
  }
}

/** A store whose removals wait for any backup in progress. */
export function withRemovalHold(storage: Storage): Storage {
  const held: Storage = {
    ...storage,
    kind: storage.kind,
    list: (prefix) => storage.list(prefix),
    async remove(keys) {
      for (let wait = removalsHeld(held); wait; wait = removalsHeld(held)) await wait;
      return storage.remove(keys);
    },
  };
  return held;
}
