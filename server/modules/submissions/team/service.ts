import { SUBMISSION_ERRORS, type SubmitResult } from '../../../../shared/forms/submissionsApi';
import type { AppContext } from '../../../platform/context';
import { withTransaction } from '../../../platform/db/transaction';
import { conflict, forbidden, notFound } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/guards';
import { setFormTaskProgress } from '../../tasks/formTasks/service';
import { contextOf, loadFill } from '../fill/queries';
import { checkedAnswers, confirmationFor } from '../fill/service';
import { signalSubmissionAfterCommit } from '../live';
import { findSubmission, overwrite } from '../queries';
import { recordSubmissionEvent } from '../saved/service';
import { formSubmissions } from '../tables';
import { reservedSubmissionId } from '../uploads/queries';
import { claimSubmissionFiles } from '../uploads/service';
import { teamOf } from './policy';
import { teamDraft } from './queries';

type Answers = { values: Record<string, unknown>; version: number | null; submissionId?: string };

/**
 * Saves the team's draft (one open draft per team and form). The required checks wait for the
 * submit; the type checks do not, so a draft never holds what a submission could not.
 */
export async function saveDraft(ctx: AppContext, actor: Actor, formId: string, body: Answers) {
  return withTransaction(ctx.db, async (tx) => {
    const { definition } = await loadFill(ctx, tx, actor, formId, 'open');
    const teamId = teamOf(actor);
    const context = await contextOf(tx, actor);
    const checked = checkedAnswers(definition, body.values, { isDraft: true, context });
    const draft = await teamDraft(tx, actor, teamId, formId);
    const by = actor.accountId;
    // A save based on a version that is not the stored one (or on a draft no longer there: someone
    // submitted or removed it meanwhile) is refused before any file changes hands.
    if (draft ? body.version !== draft.version : body.version !== null) {
      throw conflict(SUBMISSION_ERRORS.versionConflict);
    }
    const id = draft?.id ?? (await reservedSubmissionId(tx, actor, body.submissionId, by));
    const { values, releaseDropped } = await claimSubmissionFiles(tx, ctx, {
      eventId: actor.eventId,
      submissionId: id,
      definition,
      values: checked,
      uploader: { guest: false, accountId: by, teamId },
      mode: { isDraft: true, context },
    });
    if (draft) {
      const version = await overwrite(
        tx,
        draft,
        { values, version: body.version, isDraft: true, by },
        SUBMISSION_ERRORS.versionConflict,
      );
      await releaseDropped();
      return { id: draft.id, version, updatedAt: new Date().toISOString() };
    }
    const [row] = await tx
      .insert(formSubmissions)
      .values({
        id,
        eventId: actor.eventId,
        formId,
        teamId,
        isDraft: true,
        values,
        createdBy: by,
        updatedBy: by,
      })
      .returning();
    if (!row) throw new Error('draft not stored');
    return { id: row.id, version: row.version, updatedAt: row.updatedAt.toISOString() };
  });
}

/**
 * Submits the team's answers: checked in full by the engine, hidden answers dropped, stored (the
 * open draft becomes the submission), the linked task completed, and the confirmation chosen.
 */
export async function submit(
  ctx: AppContext,
  actor: Actor,
  formId: string,
  body: Answers,
): Promise<SubmitResult> {
  return withTransaction(ctx.db, async (tx, effects) => {
    const { fill, definition } = await loadFill(ctx, tx, actor, formId, 'open');
    const teamId = teamOf(actor);
    const context = await contextOf(tx, actor);
    const checked = checkedAnswers(definition, body.values, { isDraft: false, context });
    const draft = await teamDraft(tx, actor, teamId, formId);
    const by = actor.accountId;
    if (draft ? body.version !== draft.version : body.version !== null) {
      throw conflict(SUBMISSION_ERRORS.versionConflict);
    }
    const id = draft?.id ?? (await reservedSubmissionId(tx, actor, body.submissionId, by));
    signalSubmissionAfterCommit(ctx, effects, actor.eventId, teamId);
    const { values, releaseDropped } = await claimSubmissionFiles(tx, ctx, {
      eventId: actor.eventId,
      submissionId: id,
      definition,
      values: checked,
      uploader: { guest: false, accountId: by, teamId },
      mode: { isDraft: false, context },
    });
    let version: number;
    if (draft) {
      version = await overwrite(
        tx,
        draft,
        { values, version: body.version, isDraft: false, by },
        SUBMISSION_ERRORS.versionConflict,
      );
      await releaseDropped();
    } else {
      const [row] = await tx
        .insert(formSubmissions)
        .values({
          id,
          eventId: actor.eventId,
          formId,
          teamId,
          isDraft: false,
          values,
          submittedAt: new Date(),
          createdBy: by,
          updatedBy: by,
        })
        .returning();
      if (!row) throw new Error('submission not stored');
      version = row.version;
    }
    await setFormTaskProgress(tx, { eventId: actor.eventId, formId, teamId }, true);
    await recordSubmissionEvent(ctx, tx, effects, {
      eventId: actor.eventId,
      formId,
      submissionId: id,
      kind: 'submitted',
      version,
      by,
    });
    return { id, version, confirmationId: confirmationFor(definition, fill.confirmations, values, context) };
  });
}

/** A team changes a submitted form, when the organiser made it editable after submission. */
export async function editMySubmission(
  ctx: AppContext,
  actor: Actor,
  key: { formId: string; submissionId: string },
  body: Answers,
): Promise<SubmitResult> {
  return withTransaction(ctx.db, async (tx, effects) => {
    const teamId = teamOf(actor);
    const row = await findSubmission(tx, { eventId: actor.eventId, ...key });
    if (row.teamId !== teamId) throw notFound(SUBMISSION_ERRORS.submissionNotFound);
    signalSubmissionAfterCommit(ctx, effects, actor.eventId, teamId);
    const { fill, definition } = await loadFill(ctx, tx, actor, key.formId, 'open');
    if (!fill.form.isEditable || row.isDraft) throw forbidden(SUBMISSION_ERRORS.notEditable);
    const context = await contextOf(tx, actor);
    const checked = checkedAnswers(definition, body.values, { isDraft: false, context });
    if (body.version !== row.version) throw conflict(SUBMISSION_ERRORS.versionConflict);
    const { values, releaseDropped } = await claimSubmissionFiles(tx, ctx, {
      eventId: actor.eventId,
      submissionId: row.id,
      definition,
      values: checked,
      uploader: { guest: false, accountId: actor.accountId, teamId },
      mode: { isDraft: false, context },
    });
    const version = await overwrite(
      tx,
      row,
      { values, version: body.version, isDraft: false, by: actor.accountId },
      SUBMISSION_ERRORS.versionConflict,
    );
    await releaseDropped();
    await recordSubmissionEvent(ctx, tx, effects, {
      eventId: actor.eventId,
      formId: key.formId,
      submissionId: row.id,
      kind: 'updated',
      version,
      by: actor.accountId,
    });
    return {
      id: row.id,
      version,
      confirmationId: confirmationFor(definition, fill.confirmations, values, context),
    };
  });
}
