import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalendarDate } from './dueStatus';
import {
  applyAssignment,
  assignmentInputSchema,
  COMMENT_MAX_LENGTH,
  dueDateSchema,
  mergeTaskUpdate,
  parseCommentInput,
  parseCreateTask,
  parseReplyInput,
  parseSetProgress,
  parseTask,
  parseTaskGroup,
  parseTaskStatus,
  reviewInputSchema,
  setGroupArchived,
  TASK_TYPES,
  TaskDataError,
  toggleLike,
  updateTaskInputSchema,
} from './schema';

const stamps = {
  createdAt: '2026-01-01T00:00:00Z',
  createdBy: 'u1',
  updatedAt: '2026-01-01T00:00:00Z',
  updatedBy: 'u1',
};

function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof TaskDataError) return error.message;
    throw error;
  }
  return 'no error';
}

describe('task contract', () => {
  it('fills the defaults: arrays empty, booleans false, type task', () => {
    const task = parseCreateTask({ title: '  Upload insurance  ', dueDate: '2027-03-01' });
    expect(task).toEqual({
      title: 'Upload insurance',
      dueDate: '2027-03-01',
      description: '',
      type: 'task',
      attachmentIds: [],
      isArchived: false,
      formId: null,
      teamTypeIds: [],
      isTimeSensitive: false,
      externalLink: '',
      isApprovalNeeded: false,
      disclaimer: '',
      showToChildTeams: false,
      isRequired: false,
    });
  });

  it('accepts every task type of the spec', () => {
    for (const type of TASK_TYPES) {
      const formId = type === 'form' ? 'form-1' : null;
      expect(parseCreateTask({ title: 'T', dueDate: '2027-01-01', type, formId }).type).toBe(type);
    }
  });

  it("refuses bad values with 'Invalid task values'", () => {
    const bad = [
      {},
      { title: '   ', dueDate: '2027-01-01' },
      { title: 'T', dueDate: '2027-02-30' },
      { title: 'T', dueDate: '01/02/2027' },
      { title: 'T', dueDate: '2027-01-01', type: 'quiz' },
      { title: 'T', dueDate: '2027-01-01', externalLink: 'javascript:alert(1)' },
      { title: 'T', dueDate: '2027-01-01', unknownKey: true },
      { title: 'T', dueDate: '2027-01-01', type: 'form' },
    ];
    for (const input of bad) expect(errorOf(() => parseCreateTask(input))).toBe('Invalid task values');
  });

  it('reads a stored task without isRequired as not required, and needs every other field', () => {
    const stored = { id: 't1', ...parseCreateTask({ title: 'T', dueDate: '2027-01-01' }), ...stamps };
    const { isRequired: _omit, ...withoutRequired } = stored;
    expect(parseTask(withoutRequired).isRequired).toBe(false);
    const { teamTypeIds: _gone, ...missingField } = stored;
    expect(errorOf(() => parseTask(missingField))).toBe('Invalid task values');
  });

  it('updates only what the patch names, and checks the merged task', () => {
    const task = parseTask({
      id: 't1',
      ...parseCreateTask({ title: 'T', dueDate: '2027-01-01' }),
      ...stamps,
    });
    expect(updateTaskInputSchema.parse({})).toEqual({});
    expect(mergeTaskUpdate(task, { title: ' New ' })).toMatchObject({ title: 'New', dueDate: '2027-01-01' });
    expect(errorOf(() => mergeTaskUpdate(task, { type: 'form' }))).toBe('Invalid task values');
    expect(mergeTaskUpdate(task, { type: 'form', formId: 'f1' }).formId).toBe('f1');
  });

  it('dueDateSchema accepts exactly the dates dueStatus can read', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc
        .tuple(
          fc.integer({ min: 0, max: 9999 }),
          fc.integer({ min: 0, max: 13 }),
          fc.integer({ min: 0, max: 32 }),
        )
        .map(
          ([y, m, d]) =>
            `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
        ),
    );
    fc.assert(fc.property(text, (date) => dueDateSchema.safeParse(date).success === isCalendarDate(date)));
  });
});

describe('task group contract', () => {
  const group = { id: 'g1', title: ' Before the show ', taskIds: ['t1'], isArchived: false, ...stamps };

  it("trims the title and refuses a broken record with 'Invalid group'", () => {
    expect(parseTaskGroup(group).title).toBe('Before the show');
    expect(errorOf(() => parseTaskGroup({ ...group, taskIds: 't1' }))).toBe('Invalid group');
    expect(errorOf(() => parseTaskGroup({ ...group, isArchived: 'no' }))).toBe('Invalid group');
    expect(errorOf(() => parseTaskGroup({ ...group, createdAt: undefined }))).toBe('Invalid group');
  });

  it('archiving empties taskIds; unarchiving only clears the flag', () => {
    const archived = setGroupArchived(parseTaskGroup(group), true);
    expect(archived).toMatchObject({ isArchived: true, taskIds: [] });
    expect(setGroupArchived(archived, false)).toMatchObject({ isArchived: false, taskIds: [] });
  });
});

describe('task status contract', () => {
  const status = {
    id: 's1',
    taskId: 't1',
    teamId: 'team1',
    assignedTo: [],
    commentIds: [],
    progressStatus: 'complete',
    approvalStatus: 'approved',
    approvalReview: 'Looks good',
    approvalHistory: [
      { status: 'approved', review: 'Looks good', by: 'mod1', at: '2027-01-02T10:00:00+00:00' },
    ],
    isComplete: true,
    isNotApplicable: false,
    ...stamps,
  };

  it('reads a valid status', () => {
    expect(parseTaskStatus(status).approvalHistory).toHaveLength(1);
  });

  it("refuses a status whose flags disagree with its progress with 'Invalid progress'", () => {
    expect(errorOf(() => parseTaskStatus({ ...status, isComplete: false }))).toBe('Invalid progress');
    expect(errorOf(() => parseTaskStatus({ ...status, progressStatus: 'done' }))).toBe('Invalid progress');
    const zoneless = { ...status.approvalHistory[0], at: '2027-01-02T10:00:00' };
    expect(errorOf(() => parseTaskStatus({ ...status, approvalHistory: [zoneless] }))).toBe(
      'Invalid progress',
    );
  });

  it("checks a progress change with 'Invalid progress'", () => {
    expect(parseSetProgress({ progressStatus: 'n/a' })).toEqual({ progressStatus: 'n/a' });
    expect(errorOf(() => parseSetProgress({ progressStatus: 'overdue' }))).toBe('Invalid progress');
  });

  it('assignment adds and removes user ids without duplicates', () => {
    const change = assignmentInputSchema.parse({ add: ['u2', 'u1'], remove: ['u3'] });
    expect(applyAssignment(['u1', 'u3'], change)).toEqual(['u1', 'u2']);
    expect(assignmentInputSchema.safeParse({}).success).toBe(false);
  });

  it('a review input trims its text and defaults to empty', () => {
    expect(reviewInputSchema.parse({ decision: 'approved' })).toEqual({ decision: 'approved', review: '' });
    expect(reviewInputSchema.parse({ decision: 'rejected', review: ' Wrong file ' }).review).toBe(
      'Wrong file',
    );
    expect(reviewInputSchema.safeParse({ decision: 'pending' }).success).toBe(false);
  });
});

describe('comments and replies', () => {
  it('trims text and refuses empty or too long text with the spec messages', () => {
    expect(parseCommentInput({ text: '  Done!  ' })).toEqual({ text: 'Done!' });
    expect(errorOf(() => parseCommentInput({ text: '   ' }))).toBe('Invalid comment');
    expect(errorOf(() => parseCommentInput({ text: 'x'.repeat(COMMENT_MAX_LENGTH + 1) }))).toBe(
      'Invalid comment',
    );
    expect(errorOf(() => parseReplyInput({ text: '' }))).toBe('Invalid reply');
    expect(parseReplyInput({ text: 'x'.repeat(COMMENT_MAX_LENGTH) }).text).toHaveLength(COMMENT_MAX_LENGTH);
  });

  it('a like toggles per user: twice is no change', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom<string>('a', 'b', 'c', 'd')),
        fc.constantFrom('a', 'b', 'e'),
        (likes, user) => {
          const once = toggleLike(likes, user);
          expect(once.includes(user)).toBe(!likes.includes(user));
          expect(toggleLike(once, user).sort()).toEqual([...likes].sort());
        },
      ),
    );
  });
});
