import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { withTransaction } from '../../../platform/db/transaction';
import { memberships } from '../tables';

/**
 * The welcome screen is shown once: Continue marks the membership. Nothing cached holds
 * isOnboarded (the shell reads the membership every time), so there is nothing to forget.
 */
export async function markOnboarded(db: DbOrTx, eventId: string, accountId: string): Promise<void> {
  return withTransaction(db, async (db) => {
    await db
      .update(memberships)
      .set({ isOnboarded: true, updatedBy: accountId, updatedAt: new Date() })
      .where(and(eq(memberships.eventId, eventId), eq(memberships.accountId, accountId)));
  });
}
