import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import type { UserTransferInput } from '../people/users/transfer/service';
import { formSubmissions } from './tables';

/**
 * Deleting a user hands their submissions to the chosen successor (spec: deleteUser "transfers
 * tasks, submissions and team ownership"). A submission is the person's when they started it
 * (createdBy: "submitted by" in the export) or saved it last (updatedBy: the organiser's table);
 * both move, because a deleted account's id would otherwise leave those columns pointing at nobody.
 * Runs inside the delete's transaction (people/users/transfer/service.ts), so a failure undoes the delete.
 */
export async function transferSubmissions(tx: DbOrTx, input: UserTransferInput): Promise<void> {
  const inEvent = eq(formSubmissions.eventId, input.eventId);
  await tx
    .update(formSubmissions)
    .set({ createdBy: input.toAccountId })
    .where(and(inEvent, eq(formSubmissions.createdBy, input.fromAccountId)));
  await tx
    .update(formSubmissions)
    .set({ updatedBy: input.toAccountId })
    .where(and(inEvent, eq(formSubmissions.updatedBy, input.fromAccountId)));
}
