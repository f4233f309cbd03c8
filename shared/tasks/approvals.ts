import { can, type Permission } from '../auth/permissions';
import {
  type ApprovalHistoryEntry,
  type ApprovalStatus,
  type ProgressStatus,
  progressFlags,
  type TaskStatus,
} from './schema';

/**
 * The approval state machine of one team's status for one task (spec: approvals, issue 5).
 *
 *   team completes a task that needs approval      -> progress complete, approval pending
 *   moderator approves (optional review)           -> approval approved, history + {approved, review, by, at}
 *   moderator rejects (review required)            -> progress incomplete, approval rejected, history + entry
 *   team completes again after a rejection         -> pending again (the old review stays visible until then)
 *   progress set to incomplete or n/a              -> approval none (history kept)
 *
 * While pending the progress is already complete: the team has done its part, so the chip reads
 * Complete (and reports do not count it overdue); the approval badge says it awaits review.
 * Functions return a result instead of throwing, so a bulk action can report each team's refusal.
 */

export type ApprovalState = Pick<
  TaskStatus,
  | 'progressStatus'
  | 'approvalStatus'
  | 'approvalReview'
  | 'approvalHistory'
  | 'isComplete'
  | 'isNotApplicable'
>;

export type Transition = { ok: true; state: ApprovalState } | { ok: false; error: string };

export const APPROVAL_ERRORS = {
  notModerator: 'Only moderators can approve or reject tasks',
  notNeeded: 'This task does not need approval',
  notPending: 'Only a task awaiting approval can be approved or rejected',
  reviewRequired: 'Enter a review to explain the rejection',
  approvedLocked: 'This task has been approved; ask an organiser to change it',
} as const;

export interface Actor {
  userId: string;
  level: Permission;
}

export interface ProgressChange {
  progress: ProgressStatus;
  isApprovalNeeded: boolean;
  actor: Actor;
}

function refuse(error: string): Transition {
  return { ok: false, error };
}

/** A team (or an organiser in bulk) sets the progress of a task. */
export function setProgress(state: ApprovalState, change: ProgressChange): Transition {
  const { progress, isApprovalNeeded, actor } = change;
  const isModerator = can(actor.level, 'moderator');
  // An approval is a moderator's decision; the team must not undo it behind their back.
  if (state.approvalStatus === 'approved' && !isModerator && progress !== state.progressStatus) {
    return refuse(APPROVAL_ERRORS.approvedLocked);
  }
  // Setting the status a task already has changes nothing, so retries and bulk actions are safe.
  if (progress === state.progressStatus) return { ok: true, state };

  let approvalStatus: ApprovalStatus = 'none';
  if (progress === 'complete' && isApprovalNeeded) approvalStatus = 'pending';
  // A new submission clears the old review; the history keeps it.
  const approvalReview = approvalStatus === 'pending' ? '' : state.approvalReview;
  return {
    ok: true,
    state: { ...state, progressStatus: progress, ...progressFlags(progress), approvalStatus, approvalReview },
  };
}

export interface ReviewDecision {
  decision: 'approved' | 'rejected';
  /** Already trimmed by reviewInputSchema. */
  review: string;
  isApprovalNeeded: boolean;
  actor: Actor;
  /** ISO date-time with a zone. */
  at: string;
}

/** A moderator approves or rejects a completed task; every decision is kept in the history. */
export function review(state: ApprovalState, decision: ReviewDecision): Transition {
  if (!can(decision.actor.level, 'moderator')) return refuse(APPROVAL_ERRORS.notModerator);
  if (!decision.isApprovalNeeded) return refuse(APPROVAL_ERRORS.notNeeded);
  if (state.approvalStatus !== 'pending') return refuse(APPROVAL_ERRORS.notPending);
  if (decision.decision === 'rejected' && decision.review.trim() === '') {
    return refuse(APPROVAL_ERRORS.reviewRequired);
  }
  const entry: ApprovalHistoryEntry = {
    status: decision.decision,
    review: decision.review,
    by: decision.actor.userId,
    at: decision.at,
  };
  const approvalHistory = [...state.approvalHistory, entry];
  if (decision.decision === 'approved') {
    return {
      ok: true,
      state: { ...state, approvalStatus: 'approved', approvalReview: entry.review, approvalHistory },
    };
  }
  // A rejection hands the task back: it counts as not done again, so due status and reminders resume.
  return {
    ok: true,
    state: {
      ...state,
      progressStatus: 'incomplete',
      ...progressFlags('incomplete'),
      approvalStatus: 'rejected',
      approvalReview: entry.review,
      approvalHistory,
    },
  };
}

export interface ApprovalView {
  status: Exclude<ApprovalStatus, 'none'>;
  label: string;
  /** The moderator's review of the latest decision ('' when none was given or none is made yet). */
  review: string;
  decidedAt: string | null;
}

export const APPROVAL_LABELS: Record<Exclude<ApprovalStatus, 'none'>, string> = {
  pending: 'Awaiting approval',
  approved: 'Approved',
  rejected: 'Rejected',
};

/**
 * What the team sees about approval on its task; null when approval plays no part. A completion
 * still pending when an organiser turned approval off awaits nobody, so it shows nothing.
 */
export function approvalView(state: ApprovalState, isApprovalNeeded = true): ApprovalView | null {
  if (state.approvalStatus === 'none') return null;
  if (state.approvalStatus === 'pending' && !isApprovalNeeded) return null;
  const last = state.approvalHistory.at(-1);
  const decided = state.approvalStatus !== 'pending' && last !== undefined;
  return {
    status: state.approvalStatus,
    label: APPROVAL_LABELS[state.approvalStatus],
    review: decided ? state.approvalReview : '',
    decidedAt: decided ? last.at : null,
  };
}
