import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { z } from 'zod';
import type { AppContext } from '../context';
import { rowsOf } from '../db/rows';
import { MIGRATIONS_DIR } from '../paths';

export const readinessSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  /** What is missing, for the operator reading a failed probe. */
  reason: z.string().optional(),
});
export type Readiness = z.infer<typeof readinessSchema>;

/** Hashes of the migrations this build ships, read once: the files do not change under a process. */
let shipped: string[] | undefined;
function shippedMigrations(): string[] {
  shipped ??= readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => m.hash);
  return shipped;
}

/** Set when the process starts draining (SIGTERM): the balancer stops sending it new requests. */
let draining = false;
export function markDraining(): void {
  draining = true;
}

/**
 * Ready to take traffic: not draining, the database answers, and every migration this build ships
 * has been applied to it (a process started against a database another version migrated, or one
 * whose migration failed half-way, must not get requests).
 */
export async function checkReadiness(ctx: AppContext): Promise<Readiness> {
  if (draining) return { status: 'not-ready', reason: 'shutting down' };
  let applied: Set<string>;
  try {
    const rows = await rowsOf<{ hash: string }>(ctx.db, sql`select hash from drizzle.__drizzle_migrations`);
    applied = new Set(rows.map((r) => r.hash));
  } catch {
    return { status: 'not-ready', reason: 'database unreachable or not migrated' };
  }
  const missing = shippedMigrations().filter((hash) => !applied.has(hash)).length;
  if (missing > 0) return { status: 'not-ready', reason: `${missing} migration(s) not applied` };
  return { status: 'ready' };
}
