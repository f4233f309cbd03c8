import { and, eq } from 'drizzle-orm';
import { TEAM_ERRORS } from '../../../../shared/people/teams';
import type { MyTask, MyTasksResponse, TaskStatusResponse } from '../../../../shared/tasks/api';
import {
  APPROVAL_ERRORS,
  APPROVAL_LABELS,
  type ApprovalState,
  approvalView,
  calendarDateIn,
  defaultTaskStatusValues,
  dueStatusOfDays,
  groupTasks,
  type ProgressStatus,
  parseDueDate,
  progressFlags,
  restrictionLabel,
  review,
  setProgress,
  type TaskViewer,
  type Transition,
  tasksForViewer,
  teamTaskStatus,
} from '../../../../shared/tasks/index';
import { TEAM_WORK_ERRORS } from '../../../../shared/tasks/teamWork';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import { withTransaction } from '../../../platform/db/transaction';
import { type AppError, badRequest, conflict, forbidden, notFound } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/guards';
import { dispatchEmails } from '../../emails/service';
import { memberships, teams } from '../../people/tables';
import { TASK_NOT_FOUND } from '../errors';
import { signalStatusesAfterCommit } from '../live';
import { dueSettings } from '../queries';
import { queueTaskStatusEmails } from '../statuses/email';
import { taskStatuses, tasks, taskWithTeamTypes } from '../tables';
import { taskDisclaimerAcceptances } from '../threads/tables';
import { loadMyTaskList, type MyTaskListRow } from './queries';

/** The team's side of tasks: its grouped list, its progress, and the organisers' approvals. */

export const NO_TEAM = 'You are not in a team';
type StatusRecord = typeof taskStatuses.$inferSelect;

/** The caller's team and what visibility needs of it; null when the caller has no team. */
async function viewerOf(db: DbOrTx, actor: Actor): Promise<(TaskViewer & { teamId: string }) | null> {
  const [row] = await db
    .select({
      teamId: teams.id,
      isOrganiserTeam: teams.isOrganiser,
      teamTypeId: teams.teamTypeId,
      standShareRole: teams.standShareRole,
    })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .where(and(eq(memberships.eventId, actor.eventId), eq(memberships.accountId, actor.accountId)));
  return row ? { ...row, level: actor.permissions } : null;
}

function stateOf(status: StatusRecord | undefined): ApprovalState {
  if (!status) return defaultTaskStatusValues();
  return {
    progressStatus: status.progressStatus,
    approvalStatus: status.approvalStatus,
    approvalReview: status.approvalReview,
    approvalHistory: status.approvalHistory,
    ...progressFlags(status.progressStatus),
  };
}

/**
 * One task as the team's list shows it. `today` is the event's calendar day number, worked out once
 * for the list: the due status is then a subtraction (dueStatus() would format today per task).
 */
function presentMyTask(task: MyTaskListRow, today: number, dueSoonDays: number): MyTask {
  const s = task.status;
  const progressStatus = s ? s.progressStatus : 'incomplete';
  // approvalView reads the newest decision only, which is all the list query brings of the history.
  const approval =
    s &&
    approvalView(
      {
        progressStatus,
        approvalStatus: s.approvalStatus,
        approvalReview: s.approvalReview,
        approvalHistory: s.lastDecision ? [s.lastDecision] : [],
        ...progressFlags(progressStatus),
      },
      task.isApprovalNeeded,
    );
  return {
    id: task.id,
    title: task.title,
    dueDate: task.dueDate,
    type: task.type,
    groupId: task.groupId,
    description: task.description,
    externalLink: task.externalLink,
    isTimeSensitive: task.isTimeSensitive,
    isApprovalNeeded: task.isApprovalNeeded,
    isRequired: task.isRequired,
    disclaimer: task.disclaimer,
    showToChildTeams: task.showToChildTeams,
    status: teamTaskStatus(progressStatus, dueStatusOfDays(parseDueDate(task.dueDate) - today, dueSoonDays)),
    progressStatus,
    approval: approval && { status: approval.status, label: approval.label, review: approval.review },
    restriction: restrictionLabel(task)?.detail ?? null,
    formId: task.type === 'form' ? task.openFormId : null,
  };
}

/**
 * The team's /tasks list: its visible tasks by group, each with the team's status chip. Read in one
 * query (queries.ts), next to the event's due settings.
 */
export async function listMyTasks(db: DbOrTx, actor: Actor, now = new Date()): Promise<MyTasksResponse> {
  const [due, list] = await Promise.all([dueSettings(db, actor.eventId), loadMyTaskList(db, actor)]);
  const today = calendarDateIn(now, due.timeZone);
  if (!list) return { teamId: null, today, sections: [] };
  const todayNumber = parseDueDate(today);
  const visible = tasksForViewer(list.tasks, list.viewer).map((task) =>
    presentMyTask(task, todayNumber, due.dueSoonDays),
  );
  // groupTasks takes each group's ordered task ids; here they come from the tasks' group_id and
  // position (the query's order), in one pass.
  const idsByGroup = new Map<string, string[]>();
  for (const task of visible) {
    if (task.groupId === null) continue;
    const ids = idsByGroup.get(task.groupId);
    if (ids) ids.push(task.id);
    else idsByGroup.set(task.groupId, [task.id]);
  }
  const groups = list.groups.map((g) => ({ ...g, isArchived: false, taskIds: idsByGroup.get(g.id) ?? [] }));
  return { teamId: list.viewer.teamId, today, sections: groupTasks(groups, visible) };
}

async function findStatus(db: DbOrTx, eventId: string, taskId: string, teamId: string) {
  const [row] = await db
    .select()
    .from(taskStatuses)
    .where(
      and(
        eq(taskStatuses.eventId, eventId),
        eq(taskStatuses.taskId, taskId),
        eq(taskStatuses.teamId, teamId),
      ),
    )
    .for('update');
  return row;
}

async function saveStatus(
  db: DbOrTx,
  key: { eventId: string; taskId: string; teamId: string },
  transition: Transition,
  by: string,
): Promise<TaskStatusResponse> {
  if (!transition.ok) throw refusal(transition.error);
  const { progressStatus, approvalStatus, approvalReview, approvalHistory } = transition.state;
  const set = {
    progressStatus,
    approvalStatus,
    approvalReview,
    approvalHistory,
    updatedBy: by,
    updatedAt: new Date(),
  };
  await db
    .insert(taskStatuses)
    .values({ ...key, ...set, createdBy: by })
    .onConflictDoUpdate({ target: [taskStatuses.eventId, taskStatuses.taskId, taskStatuses.teamId], set });
  return { ...key, progressStatus, approvalStatus, approvalReview, approvalHistory };
}

/** The approval rules refuse with a message; each message gets the HTTP status that fits it. */
function refusal(message: string): AppError {
  if (message === APPROVAL_ERRORS.approvedLocked || message === APPROVAL_ERRORS.notModerator) {
    return forbidden(message);
  }
  if (message === APPROVAL_ERRORS.reviewRequired) return badRequest(message);
  return conflict(message);
}

/** A member of a team sets their own team's progress on a task their team can see. */
export async function setMyProgress(db: DbOrTx, actor: Actor, taskId: string, progress: ProgressStatus) {
  const viewer = await viewerOf(db, actor);
  if (!viewer) throw forbidden(NO_TEAM);
  const [task] = await db
    .select(taskWithTeamTypes)
    .from(tasks)
    .where(and(eq(tasks.eventId, actor.eventId), eq(tasks.id, taskId)));
  // A task the team cannot see answers as missing, so its existence is not revealed.
  if (!task || tasksForViewer([task], viewer).length === 0) throw notFound(TASK_NOT_FOUND);
  const key = { eventId: actor.eventId, taskId, teamId: viewer.teamId };
  // A disclaimer is completed by accepting it (threads/disclaimers stores the acceptance first).
  if (task.type === 'disclaimer' && progress === 'complete' && !(await hasAccepted(db, key))) {
    throw conflict(TEAM_WORK_ERRORS.acceptDisclaimerFirst);
  }
  const current = await findStatus(db, actor.eventId, taskId, viewer.teamId);
  // A form task's completion is its submission's (formTasks/service.ts): the team can set it n/a, not tick it.
  if (task.type === 'form' && progress !== current?.progressStatus) {
    if (progress === 'complete') throw forbidden(TEAM_WORK_ERRORS.submitFormFirst);
    if (current?.progressStatus === 'complete') throw forbidden(TEAM_WORK_ERRORS.formTaskSubmitted);
  }
  const transition = setProgress(stateOf(current), {
    progress,
    isApprovalNeeded: task.isApprovalNeeded,
    actor: { userId: actor.accountId, level: actor.permissions },
  });
  return saveStatus(db, key, transition, actor.accountId);
}

async function hasAccepted(db: DbOrTx, key: { eventId: string; taskId: string; teamId: string }) {
  const [row] = await db
    .select({ teamId: taskDisclaimerAcceptances.teamId })
    .from(taskDisclaimerAcceptances)
    .where(
      and(
        eq(taskDisclaimerAcceptances.eventId, key.eventId),
        eq(taskDisclaimerAcceptances.taskId, key.taskId),
        eq(taskDisclaimerAcceptances.teamId, key.teamId),
      ),
    );
  return row !== undefined;
}

/** A moderator approves or rejects a team's completion; the decision joins the history. */
export async function reviewTeamTask(
  ctx: AppContext,
  actor: Actor,
  params: { taskId: string; teamId: string },
  decision: { decision: 'approved' | 'rejected'; review: string },
) {
  return withTransaction(ctx.db, async (db, effects) => {
    const [task] = await db
      .select(taskWithTeamTypes)
      .from(tasks)
      .where(and(eq(tasks.eventId, actor.eventId), eq(tasks.id, params.taskId)));
    if (!task) throw notFound(TASK_NOT_FOUND);
    const [team] = await db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.eventId, actor.eventId), eq(teams.id, params.teamId)));
    if (!team) throw notFound(TEAM_ERRORS.teamNotFound);
    const current = await findStatus(db, actor.eventId, params.taskId, params.teamId);
    const transition = review(stateOf(current), {
      ...decision,
      isApprovalNeeded: task.isApprovalNeeded,
      actor: { userId: actor.accountId, level: actor.permissions },
      at: new Date().toISOString(),
    });
    const saved = await saveStatus(db, { eventId: actor.eventId, ...params }, transition, actor.accountId);
    const outboxIds = await queueTaskStatusEmails(db, {
      eventId: actor.eventId,
      task,
      changes: [
        {
          teamId: params.teamId,
          status: APPROVAL_LABELS[decision.decision],
          review: decision.review,
          assignedTo: current?.assignedTo ?? [],
        },
      ],
      actor: actor.accountId,
    });
    effects.afterCommit(() => dispatchEmails(ctx, outboxIds));
    signalStatusesAfterCommit(ctx, effects, actor.eventId, [params.teamId]);
    return saved;
  });
}
