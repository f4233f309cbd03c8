import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * AsyncLocalStorage that costs nothing while no store is in use (decision 0061).
 *
 * On Node 20 an AsyncLocalStorage turns on an async hook the first time it runs a store, and keeps
 * it on for the life of the process: from then on every promise the process makes, in every
 * request, calls the hook's JavaScript on creation and around each reaction (`promiseInitHook`,
 * `getOrSetAsyncId`, the store's propagation), even in a request that never reads a store (a GET
 * answered from the read cache). The portal's stores are entered only for a stretch of work: a
 * transaction (`db/transaction.ts`), a write request's audit notes and before-commit hook
 * (`modules/audit/wiring.ts`, `db/beforeCommit.ts`).
 *
 * So each `run` is counted until its work settles (the callback's promise, or its return), and
 * when none is running any more every storage is disabled, which turns Node's hook off; the next
 * `run` turns it on again (Node's own `run` enables its storage). While a store is in use, all
 * work everywhere pays the hook as before; in between, none does.
 *
 * What a disabled storage changes: `getStore()` answers undefined until the next `run`. With no
 * `run` in progress, the only work that could still have seen a store is work a run started and did
 * not wait for (a fire-and-forget continuation outliving its transaction or its request): it now
 * sees none while nothing runs. The portal does not rely on that (a request's notes are closed once
 * it has answered; a transaction's store is of no use once it has committed).
 */
const storages: AsyncLocalStorage<unknown>[] = [];
let running = 0;

function settled(): void {
  running--;
  if (running === 0) for (const storage of storages) storage.disable();
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

export class ScopedStorage<T> {
  private readonly storage = new AsyncLocalStorage<T>();

  constructor() {
    storages.push(this.storage as AsyncLocalStorage<unknown>);
  }

  getStore(): T | undefined {
    return this.storage.getStore();
  }

  /** Runs `fn` with `store` as this storage's store, for as long as what `fn` returns takes to settle. */
  run<R>(store: T, fn: () => R): R {
    running++;
    let result: R;
    try {
      result = this.storage.run(store, fn);
    } catch (err) {
      settled();
      throw err;
    }
    if (isThenable(result)) result.then(settled, settled);
    else settled();
    return result;
  }
}

/** How many runs are in progress (tests). */
export const scopedRunsInProgress = (): number => running;
