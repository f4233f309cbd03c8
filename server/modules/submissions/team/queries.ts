import { and, eq, sql } from 'drizzle-orm';
import {
  type FillFormResponse,
  type MyFormRow,
  type MyFormsResponse,
  SUBMISSION_ERRORS,
  type SubmissionView,
} from '../../../../shared/forms/submissionsApi';
import {
  calendarDateIn,
  dueStatusOfDays,
  parseDueDate,
  tasksForViewer,
  teamTaskStatus,
} from '../../../../shared/tasks/index';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import { containing } from '../../../platform/db/search';
import type { EventScope } from '../../../platform/http/actor';
import { notFound } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/guards';
import { forms } from '../../forms/tables';
import { loadMyTaskList } from '../../tasks/myTasks/queries';
import { dueSettings } from '../../tasks/queries';
import { withImages } from '../fill/present';
import { contextOf, loadFill } from '../fill/queries';
import { findSubmission, findSummary, presentSummary, selectSummaries } from '../queries';
import { formSubmissions } from '../tables';
import { teamOf } from './policy';

type FormTask = NonNullable<MyFormRow['task']>;

/** Order when two visible tasks link one form: the one still to do, then the earliest due. */
const URGENCY: Record<FormTask['status'], number> = {
  overdue: 0,
  dueSoon: 1,
  incomplete: 2,
  complete: 3,
  'n/a': 4,
};

/**
 * The form tasks (decision 0019) the caller's team sees, by form id, each with the status chip the
 * team's task list shows: the same visibility rules and due arithmetic as /tasks, read from the one
 * query that list uses. Someone outside every team gets no tasks.
 */
export async function formTasksOfTeam(
  db: DbOrTx,
  actor: Actor,
  now = new Date(),
): Promise<Map<string, FormTask>> {
  const [due, list] = await Promise.all([dueSettings(db, actor.eventId), loadMyTaskList(db, actor)]);
  const byForm = new Map<string, FormTask>();
  if (!list) return byForm;
  const today = parseDueDate(calendarDateIn(now, due.timeZone));
  for (const task of tasksForViewer(list.tasks, list.viewer)) {
    if (task.type !== 'form' || !task.openFormId) continue;
    const progress = task.status?.progressStatus ?? 'incomplete';
    const status = teamTaskStatus(
      progress,
      dueStatusOfDays(parseDueDate(task.dueDate) - today, due.dueSoonDays),
    );
    const found: FormTask = { id: task.id, title: task.title, dueDate: task.dueDate, status };
    const current = byForm.get(task.openFormId);
    const sooner =
      !current ||
      URGENCY[status] < URGENCY[current.status] ||
      (URGENCY[status] === URGENCY[current.status] && task.dueDate < current.dueDate);
    if (sooner) byForm.set(task.openFormId, found);
  }
  return byForm;
}

/** Matches no team: what someone outside every team has filled in (nothing). */
const NO_TEAM = '00000000-0000-0000-0000-000000000000';

export const ofTeamForm = (eventId: string, teamId: string, formId: string) =>
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

export async function teamDraft(db: DbOrTx, scope: EventScope, teamId: string, formId: string) {
  const { eventId } = scope;
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
  const { fill } = await loadFill(ctx, db, actor, formId, 'open');
  const teamId = actor.teamId ?? NO_TEAM;
  const [draft, submitted, context] = await Promise.all([
    teamDraft(db, actor, teamId, formId),
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
  const { fill } = await loadFill(ctx, db, actor, key.formId, 'open');
  const summary = await findSummary(db, actor, row.id);
  return {
    definition: await withImages(db, actor.eventId, fill, 'member'),
    submission: { ...summary, values: row.values },
    canEdit: fill.form.isEditable && !row.isDraft,
  };
}
