import { and, eq, sql } from 'drizzle-orm';
import {
  type FillFormResponse,
  type MyFormsResponse,
  SUBMISSION_ERRORS,
  type SubmissionView,
  type SubmitResult,
} from '../../../../shared/forms/submissionsApi';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import { containing } from '../../../platform/db/search';
import { withTransaction } from '../../../platform/db/transaction';
import { conflict, forbidden, notFound } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/guards';
import { forms } from '../../forms/tables';
import { setFormTaskProgress } from '../../tasks/formTasks/service';
import { withImages } from '../fill/present';
import { contextOf, loadFill } from '../fill/queries';
import { checkedAnswers, confirmationFor } from '../fill/service';
import { signalSubmissionAfterCommit } from '../live';
import { findSubmission, findSummary, overwrite, presentSummary, selectSummaries } from '../queries';
import { recordSubmissionEvent } from '../saved/service';
import { formSubmissions } from '../tables';
import { reservedSubmissionId } from '../uploads/queries';
import { claimSubmissionFiles } from '../uploads/service';
import { formTasksOfTeam } from './queries';

type Answers = { values: Record<string, unknown>; version: number | null; submissionId?: string };

/** Matches no team: what someone outside every team has filled in (nothing). */
const NO_TEAM = '00000000-0000-0000-0000-000000000000';

/** The caller's team: only members of a team fill in forms (a submission belongs to a team). */
function teamOf(actor: Actor): string {
  if (!actor.teamId) throw forbidden(SUBMISSION_ERRORS.noTeam);
  return actor.teamId;
}

const ofTeamForm = (eventId: string, teamId: string, formId: string) =>
  and(
    eq(formSubmissions.eventId, eventId),
    eq(formSubmissions.teamId, teamId),
    eq(formSubmissions.formId, formId),
  );

/** The published forms, each with the team's state: not started, a draft open, or submitted. */
export async function listMyForms(db: DbOrTx, actor: Actor, search: string): Promise<MyFormsResponse> {
  // Someone without a team (an organiser looking at the teams' view) sees the forms, none started.
  const teamId = actor.teamId ?? NO_TEAM;
  const [rows, formTasks] = await Promise.all([
    db
      .select({
        id: forms.id,
        title: forms.title,
        description: forms.description,
        drafts: sql<number>`count(${formSubmissions.id}) filter (where ${formSubmissions.isDraft})`.mapWith(
          Number,
        ),
        submitted:
          sql<number>`count(${formSubmissions.id}) filter (where not ${formSubmissions.isDraft})`.mapWith(
            Number,
          ),
        lastSaved: sql<string | null>`max(${formSubmissions.updatedAt})::text`,
      })
      .from(forms)
      .leftJoin(
        formSubmissions,
        and(
          eq(formSubmissions.eventId, forms.eventId),
          eq(formSubmissions.formId, forms.id),
          eq(formSubmissions.teamId, teamId),
        ),
      )
      .where(
        and(
          eq(forms.eventId, actor.eventId),
          eq(forms.isPublished, true),
          eq(forms.isArchived, false),
          search ? sql`${forms.title} ilike ${containing(search)}` : undefined,
        ),
      )
      .groupBy(forms.id)
      .orderBy(forms.title),
    formTasksOfTeam(db, actor),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      state: row.drafts > 0 ? 'draft' : row.submitted > 0 ? 'submitted' : 'notStarted',
      submittedCount: row.submitted,
      updatedAt: row.lastSaved ? new Date(row.lastSaved).toISOString() : null,
      task: formTasks.get(row.id) ?? null,
    })),
  };
}

async function teamDraft(db: DbOrTx, eventId: string, teamId: string, formId: string) {
  const [draft] = await db
    .select()
    .from(formSubmissions)
    .where(and(ofTeamForm(eventId, teamId, formId), eq(formSubmissions.isDraft, true)))
    .orderBy(sql`${formSubmissions.updatedAt} desc`)
    .limit(1);
  return draft ?? null;
}

/** A form to fill in: its definition, the team's draft to carry on with, and what it submitted. */
export async function getFillForm(
  ctx: AppContext,
  db: DbOrTx,
  actor: Actor,
  formId: string,
): Promise<FillFormResponse> {
  const { fill } = await loadFill(ctx, db, actor.eventId, formId, 'open');
  const teamId = actor.teamId ?? NO_TEAM;
  const [draft, submitted, context] = await Promise.all([
    teamDraft(db, actor.eventId, teamId, formId),
    selectSummaries(db, and(ofTeamForm(actor.eventId, teamId, formId), eq(formSubmissions.isDraft, false))),
    contextOf(db, actor),
  ]);
  return {
    definition: await withImages(db, actor.eventId, fill, 'member'),
    client: context.client,
    draft: draft && { id: draft.id, version: draft.version, values: draft.values },
    submissions: submitted.map(presentSummary),
  };
}

/**
 * Saves the team's draft (one open draft per team and form). The required checks wait for the
 * submit; the type checks do not, so a draft never holds what a submission could not.
 */
export async function saveDraft(ctx: AppContext, actor: Actor, formId: string, body: Answers) {
  return withTransaction(ctx.db, async (tx) => {
    const { definition } = await loadFill(ctx, tx, actor.eventId, formId, 'open');
    const teamId = teamOf(actor);
    const context = await contextOf(tx, actor);
    const checked = checkedAnswers(definition, body.values, { isDraft: true, context });
    const draft = await teamDraft(tx, actor.eventId, teamId, formId);
    const by = actor.accountId;
    // A save based on a version that is not the stored one (or on a draft no longer there: someone
    // submitted or removed it meanwhile) is refused before any file changes hands.
    if (draft ? body.version !== draft.version : body.version !== null) {
      throw conflict(SUBMISSION_ERRORS.versionConflict);
    }
    const id = draft?.id ?? (await reservedSubmissionId(tx, actor.eventId, body.submissionId, by));
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
    const { fill, definition } = await loadFill(ctx, tx, actor.eventId, formId, 'open');
    const teamId = teamOf(actor);
    const context = await contextOf(tx, actor);
    const checked = checkedAnswers(definition, body.values, { isDraft: false, context });
    const draft = await teamDraft(tx, actor.eventId, teamId, formId);
    const by = actor.accountId;
    if (draft ? body.version !== draft.version : body.version !== null) {
      throw conflict(SUBMISSION_ERRORS.versionConflict);
    }
    const id = draft?.id ?? (await reservedSubmissionId(tx, actor.eventId, body.submissionId, by));
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

/** One of the team's own submissions; another team's answers as missing. */
export async function getMySubmission(
  ctx: AppContext,
  db: DbOrTx,
  actor: Actor,
  key: { formId: string; submissionId: string },
): Promise<SubmissionView> {
  const teamId = teamOf(actor);
  const row = await findSubmission(db, { eventId: actor.eventId, ...key });
  if (row.teamId !== teamId) throw notFound(SUBMISSION_ERRORS.submissionNotFound);
  const { fill } = await loadFill(ctx, db, actor.eventId, key.formId, 'open');
  const summary = await findSummary(db, actor.eventId, row.id);
  return {
    definition: await withImages(db, actor.eventId, fill, 'member'),
    submission: { ...summary, values: row.values },
    canEdit: fill.form.isEditable && !row.isDraft,
  };
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
    const { fill, definition } = await loadFill(ctx, tx, actor.eventId, key.formId, 'open');
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
