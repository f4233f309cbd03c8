import { describe, expect, it } from 'vitest';
import {
  type Actor,
  APPROVAL_ERRORS,
  type ApprovalState,
  approvalView,
  review,
  setProgress,
  type Transition,
} from './approvals';
import { defaultTaskStatusValues, type ProgressStatus } from './schema';

const member: Actor = { userId: 'member-1', level: 'user' };
const moderator: Actor = { userId: 'mod-1', level: 'moderator' };
const at = '2027-05-01T09:30:00+01:00';

function fresh(): ApprovalState {
  const { assignedTo: _a, commentIds: _c, ...state } = defaultTaskStatusValues();
  return state;
}

function ok(result: Transition): ApprovalState {
  if (!result.ok) throw new Error(`expected a transition, got '${result.error}'`);
  return result.state;
}

const complete = (state: ApprovalState, isApprovalNeeded = true, actor = member) =>
  setProgress(state, { progress: 'complete', isApprovalNeeded, actor });
const set = (state: ApprovalState, progress: ProgressStatus, actor = member) =>
  setProgress(state, { progress, isApprovalNeeded: true, actor });
const decide = (state: ApprovalState, decision: 'approved' | 'rejected', text = '', actor = moderator) =>
  review(state, { decision, review: text, isApprovalNeeded: true, actor, at });

describe('completing a task', () => {
  it('without approval needed is simply complete', () => {
    const state = ok(complete(fresh(), false));
    expect(state).toMatchObject({ progressStatus: 'complete', isComplete: true, approvalStatus: 'none' });
    expect(approvalView(state)).toBeNull();
  });

  it('with approval needed goes to pending review', () => {
    const state = ok(complete(fresh()));
    expect(state).toMatchObject({ progressStatus: 'complete', isComplete: true, approvalStatus: 'pending' });
    expect(approvalView(state)).toEqual({
      status: 'pending',
      label: 'Awaiting approval',
      review: '',
      decidedAt: null,
    });
    expect(approvalView(state, false)).toBeNull();
  });

  it('n/a keeps the flags in step and needs no approval', () => {
    const state = ok(set(fresh(), 'n/a'));
    expect(state).toMatchObject({ isComplete: false, isNotApplicable: true, approvalStatus: 'none' });
  });

  it('setting the status a task already has changes nothing', () => {
    const pending = ok(complete(fresh()));
    expect(ok(complete(pending))).toBe(pending);
  });

  it('the team may withdraw a pending completion', () => {
    const withdrawn = ok(set(ok(complete(fresh())), 'incomplete'));
    expect(withdrawn).toMatchObject({
      progressStatus: 'incomplete',
      isComplete: false,
      approvalStatus: 'none',
    });
  });
});

describe('a moderator reviews', () => {
  it('approving keeps the task complete and records who and when', () => {
    const approved = ok(decide(ok(complete(fresh())), 'approved', 'Thanks'));
    expect(approved).toMatchObject({
      progressStatus: 'complete',
      approvalStatus: 'approved',
      approvalReview: 'Thanks',
    });
    expect(approved.approvalHistory).toEqual([{ status: 'approved', review: 'Thanks', by: 'mod-1', at }]);
    expect(approvalView(approved)).toEqual({
      status: 'approved',
      label: 'Approved',
      review: 'Thanks',
      decidedAt: at,
    });
  });

  it('rejecting sets the task back to incomplete with the review the team sees', () => {
    const rejected = ok(decide(ok(complete(fresh())), 'rejected', 'Wrong certificate'));
    expect(rejected).toMatchObject({
      progressStatus: 'incomplete',
      isComplete: false,
      approvalStatus: 'rejected',
      approvalReview: 'Wrong certificate',
    });
    expect(approvalView(rejected)).toMatchObject({
      label: 'Rejected',
      review: 'Wrong certificate',
      decidedAt: at,
    });
  });

  it('keeps every decision in the history across resubmissions', () => {
    let state = ok(decide(ok(complete(fresh())), 'rejected', 'Missing page 2'));
    state = ok(complete(state));
    expect(state).toMatchObject({ approvalStatus: 'pending', approvalReview: '' });
    expect(approvalView(state)?.review).toBe('');
    state = ok(decide(state, 'approved'));
    expect(state.approvalHistory.map((entry) => [entry.status, entry.review])).toEqual([
      ['rejected', 'Missing page 2'],
      ['approved', ''],
    ]);
  });
});

describe('invalid transitions are refused with a clear message', () => {
  const pending = () => ok(complete(fresh()));

  it('only moderators and above review', () => {
    expect(decide(pending(), 'approved', '', member)).toEqual({
      ok: false,
      error: APPROVAL_ERRORS.notModerator,
    });
    expect(decide(pending(), 'approved', '', { userId: 'rv', level: 'reportViewer' }).ok).toBe(false);
    expect(decide(pending(), 'approved', '', { userId: 'a', level: 'admin' }).ok).toBe(true);
  });

  it('only a pending task can be reviewed, and only once', () => {
    expect(decide(fresh(), 'approved')).toEqual({ ok: false, error: APPROVAL_ERRORS.notPending });
    const approved = ok(decide(pending(), 'approved'));
    expect(decide(approved, 'rejected', 'Changed my mind')).toEqual({
      ok: false,
      error: APPROVAL_ERRORS.notPending,
    });
  });

  it('a task that needs no approval cannot be reviewed', () => {
    const result = review(pending(), {
      decision: 'approved',
      review: '',
      isApprovalNeeded: false,
      actor: moderator,
      at,
    });
    expect(result).toEqual({ ok: false, error: APPROVAL_ERRORS.notNeeded });
  });

  it('a rejection needs a review text', () => {
    expect(decide(pending(), 'rejected', '   ')).toEqual({
      ok: false,
      error: APPROVAL_ERRORS.reviewRequired,
    });
  });

  it('the team cannot undo an approval; a moderator can', () => {
    const approved = ok(decide(pending(), 'approved'));
    expect(set(approved, 'incomplete')).toEqual({ ok: false, error: APPROVAL_ERRORS.approvedLocked });
    expect(set(approved, 'n/a')).toEqual({ ok: false, error: APPROVAL_ERRORS.approvedLocked });
    const reopened = ok(set(approved, 'incomplete', moderator));
    expect(reopened).toMatchObject({ progressStatus: 'incomplete', approvalStatus: 'none' });
    expect(reopened.approvalHistory).toHaveLength(1);
  });
});
