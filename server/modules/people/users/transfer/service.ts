import type { DbOrTx } from '../../../../platform/db/client';

/** What a transfer hook receives: the event, the user being deleted and the chosen successor. */
export type UserTransferInput = { eventId: string; fromAccountId: string; toAccountId: string };
export type UserTransfer = (tx: DbOrTx, input: UserTransferInput) => Promise<void>;

/**
 * deleteUser hands the deleted user's things to a chosen user (spec: "transfers tasks, submissions
 * and team ownership"). Team ownership is moved by the people module itself; other areas (task
 * assignments, submissions) register a hook here at import time, and every hook runs inside the
 * delete's transaction, so a failing hook leaves the user and everything they own untouched.
 */
const transfers = new Map<string, UserTransfer>();

/** Registers (or replaces, by name) a transfer; the name keeps module reloads from doubling it. */
export function registerUserTransfer(name: string, transfer: UserTransfer): void {
  transfers.set(name, transfer);
}

/** Runs every registered transfer in registration order. */
export async function runUserTransfers(tx: DbOrTx, input: UserTransferInput): Promise<void> {
  for (const transfer of transfers.values()) await transfer(tx, input);
}

/** The names registered, for tests and diagnostics. */
export function registeredUserTransfers(): string[] {
  return [...transfers.keys()];
}
