import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SUBMISSION_ERRORS,
  type SubmissionListResponse,
  type SubmissionView,
  type SubmitResult,
  type submissionListQuerySchema,
} from '../../../../shared/forms/submissionsApi';
import { TABLE_PAGE_SIZE } from '../../../../shared/ui/constants';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import { containing } from '../../../platform/db/search';
import { withTransaction } from '../../../platform/db/transaction';
import type { EventScope } from '../../../platform/http/actor';
import { conflict } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/guards';
import { accounts } from '../../auth/tables';
import { findForm } from '../../forms/queries';
import { teams } from '../../people/tables';
import { setFormTaskProgress } from '../../tasks/formTasks/service';
import { withImages } from '../fill/present';
import { contextOf, loadFill } from '../fill/queries';
import { checkedAnswers, confirmationFor } from '../fill/service';
import { findSubmission, findSummary, overwrite, presentSummary, summaryColumns } from '../queries';
import { recordSubmissionEvent } from '../saved/service';
import { formSubmissions } from '../tables';
import { claimSubmissionFiles, releaseSubmissionFiles } from '../uploads/service';

type ListQuery = z.output<typeof submissionListQuerySchema>;

const SORT_COLUMNS = {
  updatedAt: formSubmissions.updatedAt,
  teamName: sql`coalesce(${teams.name}, '')`,
  isDraft: formSubmissions.isDraft,
};

/** One page of a form's submissions for the organiser, filtered and sorted on the server. */
export async function listSubmissions(
  db: DbOrTx,
  scope: EventScope,
  formId: string,
  query: ListQuery,
): Promise<SubmissionListResponse> {
  const { eventId } = scope;
  const form = await findForm(db, { eventId }, formId);
  const filters: (SQL | undefined)[] = [
    eq(formSubmissions.eventId, eventId),
    eq(formSubmissions.formId, formId),
    query.state ? eq(formSubmissions.isDraft, query.state === 'draft') : undefined,
    query.teamId ? eq(formSubmissions.teamId, query.teamId) : undefined,
    query.teamTypeId ? eq(teams.teamTypeId, query.teamTypeId) : undefined,
    query.search
      ? sql`(${teams.name} ilike ${containing(query.search)} or (${accounts.firstName} || ' ' || ${accounts.surname}) ilike ${containing(query.search)})`
      : undefined,
  ];
  const where = and(...filters);
  const direction = query.order === 'desc' ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(formSubmissions)
      .leftJoin(teams, eq(teams.id, formSubmissions.teamId))
      .leftJoin(accounts, sql`${accounts.id}::text = ${formSubmissions.updatedBy}`)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[query.sort]), desc(formSubmissions.id))
      .limit(TABLE_PAGE_SIZE)
      .offset((query.page - 1) * TABLE_PAGE_SIZE),
    db
      .select({ total: count() })
      .from(formSubmissions)
      .leftJoin(teams, eq(teams.id, formSubmissions.teamId))
      .leftJoin(accounts, sql`${accounts.id}::text = ${formSubmissions.updatedBy}`)
      .where(where),
  ]);
  return {
    formTitle: form.title,
    items: rows.map(presentSummary),
    total: total?.total ?? 0,
    page: query.page,
    pageSize: TABLE_PAGE_SIZE,
  };
}

/** Any submission of the form, for the organiser (drafts and guests' included). */
export async function getSubmission(
  ctx: AppContext,
  db: DbOrTx,
  scope: EventScope,
  key: { formId: string; submissionId: string },
): Promise<SubmissionView> {
  const { eventId } = scope;
  const row = await findSubmission(db, { eventId, ...key });
  const { fill } = await loadFill(ctx, db, scope, key.formId, 'any');
  const summary = await findSummary(db, scope, row.id);
  return {
    definition: await withImages(db, eventId, fill, 'member'),
    submission: { ...summary, values: row.values },
    canEdit: true,
  };
}

/**
 * The organiser corrects a submission: the same checks as the team's (a draft's lighter ones for a
 * draft), recorded as theirs with the time. Logic reads the organiser as the person filling in.
 */
export async function editSubmission(
  ctx: AppContext,
  actor: Actor,
  key: { formId: string; submissionId: string },
  body: { values: Record<string, unknown>; version: number | null },
): Promise<SubmitResult> {
  return withTransaction(ctx.db, async (tx, effects) => {
    const row = await findSubmission(tx, { eventId: actor.eventId, ...key });
    const { fill, definition } = await loadFill(ctx, tx, actor, key.formId, 'any');
    const context = await contextOf(tx, actor);
    const checked = checkedAnswers(definition, body.values, { isDraft: row.isDraft, context });
    if (body.version !== row.version) throw conflict(SUBMISSION_ERRORS.versionConflict);
    // New files are the organiser's uploads, or the team's still waiting in its draft.
    const { values, releaseDropped } = await claimSubmissionFiles(tx, ctx, {
      eventId: actor.eventId,
      submissionId: row.id,
      definition,
      values: checked,
      uploader: { guest: false, accountId: actor.accountId, teamId: row.teamId },
      mode: { isDraft: row.isDraft, context },
    });
    const version = await overwrite(
      tx,
      row,
      { values, version: body.version, isDraft: row.isDraft, by: actor.accountId },
      SUBMISSION_ERRORS.versionConflict,
    );
    await releaseDropped();
    // The organiser's correction of a submitted form is a 'form update' too; a draft's is not.
    if (!row.isDraft) {
      await recordSubmissionEvent(ctx, tx, effects, {
        eventId: actor.eventId,
        formId: key.formId,
        submissionId: row.id,
        kind: 'updated',
        version,
        by: actor.accountId,
      });
    }
    return {
      id: row.id,
      version,
      confirmationId: confirmationFor(definition, fill.confirmations, values, context),
    };
  });
}

/**
 * Deletes submissions of one form. Spec: deleting a submission sets the linked task incomplete;
 * a team that still has another submitted one keeps its task complete.
 */
export async function deleteSubmissions(ctx: AppContext, scope: EventScope, formId: string, ids: string[]) {
  const { eventId } = scope;
  return withTransaction(ctx.db, async (tx, effects) => {
    await findForm(tx, { eventId }, formId);
    const removed = await tx
      .delete(formSubmissions)
      .where(
        and(
          eq(formSubmissions.eventId, eventId),
          eq(formSubmissions.formId, formId),
          inArray(formSubmissions.id, ids),
        ),
      )
      .returning({ id: formSubmissions.id, teamId: formSubmissions.teamId });
    await releaseSubmissionFiles(tx, ctx, effects, scope, { submissionIds: removed.map((row) => row.id) });
    const teamIds = [...new Set(removed.flatMap((row) => (row.teamId ? [row.teamId] : [])))];
    for (const teamId of teamIds) {
      const [left] = await tx
        .select({ n: count() })
        .from(formSubmissions)
        .where(
          and(
            eq(formSubmissions.eventId, eventId),
            eq(formSubmissions.formId, formId),
            eq(formSubmissions.teamId, teamId),
            eq(formSubmissions.isDraft, false),
          ),
        );
      if ((left?.n ?? 0) === 0) await setFormTaskProgress(tx, { eventId, formId, teamId }, false);
    }
    return { count: removed.length };
  });
}
