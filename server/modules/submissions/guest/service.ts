import type { FormDefinition } from '../../../../shared/forms/definition';
import { guestContext } from '../../../../shared/forms/definition';
import type { AppContext } from '../../../platform/context';
import { withTransaction } from '../../../platform/db/transaction';
import { recordSubmissionEvent } from '../saved/service';
import { formSubmissions } from '../tables';
import { reservedSubmissionId } from '../uploads/queries';
import { claimSubmissionFiles, GUEST_UPLOADER } from '../uploads/service';
import { guestSubmissionId, newGuestToken } from './policy';

/**
 * Stores a guest's checked answers (the route has already applied the rate limit and the
 * honeypot), claims the guest's uploads, and tells the listeners once it has committed.
 */
export async function storeGuestSubmission(
  ctx: AppContext,
  input: {
    eventId: string;
    formId: string;
    definition: FormDefinition;
    values: Record<string, unknown>;
    submissionId: string | undefined;
  },
): Promise<{ id: string; version: number }> {
  const { eventId, definition, values } = input;
  return withTransaction(ctx.db, async (tx, effects) => {
    // The id the guest's uploads were stored under (their files sit in its folder), else new;
    // either way worked out from a 256-bit guest token (policy.ts). `submissionId` is the token.
    const token = input.submissionId;
    const id = await reservedSubmissionId(
      tx,
      { eventId },
      token ? guestSubmissionId(token) : undefined,
      GUEST_UPLOADER,
      () => guestSubmissionId(newGuestToken()),
    );
    const claimed = await claimSubmissionFiles(tx, ctx, {
      eventId,
      submissionId: id,
      definition,
      values,
      uploader: { guest: true },
      mode: { isDraft: false, context: guestContext },
    });
    const [stored] = await tx
      .insert(formSubmissions)
      .values({
        id,
        eventId,
        formId: input.formId,
        teamId: null,
        isDraft: false,
        isGuest: true,
        values: claimed.values,
        submittedAt: new Date(),
        createdBy: 'guest',
        updatedBy: 'guest',
      })
      .returning({ id: formSubmissions.id, version: formSubmissions.version });
    if (!stored) throw new Error('guest submission not stored');
    const submission = { submissionId: stored.id, version: stored.version };
    await recordSubmissionEvent(ctx, tx, effects, {
      eventId,
      formId: input.formId,
      ...submission,
      kind: 'submitted',
      by: 'guest',
    });
    return stored;
  });
}
