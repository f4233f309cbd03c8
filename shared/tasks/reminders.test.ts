import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  planReminders,
  progressKey,
  type ReminderMember,
  type ReminderPlanInput,
  type ReminderTask,
  type ReminderTeam,
  reminderDedupeKey,
  reminderRecipients,
  reminderSubject,
} from './reminders';
import type { ProgressStatus } from './schema';

const now = new Date('2027-06-01T08:00:00Z'); // 09:00 in London
const due = { timeZone: 'Europe/London', dueSoonDays: 7 };

const task = (id: string, dueDate: string, overrides: Partial<ReminderTask> = {}): ReminderTask => ({
  id,
  title: `Task ${id}`,
  dueDate,
  isArchived: false,
  teamTypeIds: [],
  showToChildTeams: false,
  ...overrides,
});

const members: ReminderMember[] = [
  { userId: 'owner', role: 'teamOwner', level: 'user' },
  { userId: 'admin-member', role: 'teamMember', level: 'admin' },
  { userId: 'member', role: 'teamMember', level: 'user' },
];
const team = (id: string, overrides: Partial<ReminderTeam> = {}): ReminderTeam => ({
  id,
  isOrganiser: false,
  teamTypeId: 'exhibitor',
  standShareRole: 'none',
  members,
  ...overrides,
});

function input(overrides: Partial<ReminderPlanInput> = {}): ReminderPlanInput {
  return {
    now,
    due,
    settings: { taskRemindersEnabled: true, sendTaskRemindersTo: 'all-users' },
    tasks: [
      task('overdue', '2027-05-30'),
      task('today', '2027-06-01'),
      task('soon', '2027-06-08'),
      task('later', '2027-06-09'),
    ],
    teams: [team('t1')],
    progress: new Map(),
    ...overrides,
  };
}

describe('planReminders', () => {
  it('reminds about due-soon and overdue tasks, most urgent first, in one email per team', () => {
    const { reminders, skipped } = planReminders(input());
    expect(skipped).toEqual([]);
    expect(reminders).toHaveLength(1);
    expect(reminders[0].items.map((item) => [item.taskId, item.dueStatus, item.daysUntilDue])).toEqual([
      ['overdue', 'overdue', -2],
      ['today', 'dueSoon', 0],
      ['soon', 'dueSoon', 7],
    ]);
    expect(reminders[0].subject).toBe('You have 3 tasks due');
    expect(reminders[0].items[0].dedupeKey).toBe('overdue:t1:2027-06-01');
  });

  it('sends nothing when task reminders are disabled', () => {
    const settings = { taskRemindersEnabled: false, sendTaskRemindersTo: 'all-users' as const };
    expect(planReminders(input({ settings })).reminders).toEqual([]);
  });

  it('leaves out tasks the team completed or marked n/a, and archived tasks', () => {
    const progress = new Map<string, ProgressStatus>([
      [progressKey('overdue', 't1'), 'complete'],
      [progressKey('today', 't1'), 'n/a'],
    ]);
    const tasks = [...input().tasks, task('archived', '2027-06-02', { isArchived: true })];
    const [reminder] = planReminders(input({ progress, tasks })).reminders;
    expect(reminder.items.map((item) => item.taskId)).toEqual(['soon']);
    expect(reminder.subject).toBe('You have 1 task due');
  });

  it('follows task visibility and skips organiser teams', () => {
    const tasks = [
      task('mine', '2027-06-02', { teamTypeIds: ['exhibitor'] }),
      task('theirs', '2027-06-02', { teamTypeIds: ['sponsor'] }),
      task('child-ok', '2027-06-02', { showToChildTeams: true }),
    ];
    const teams = [
      team('t1'),
      team('child', { standShareRole: 'child' }),
      team('org', { isOrganiser: true }),
    ];
    const plan = planReminders(input({ tasks, teams }));
    expect(plan.reminders.map((r) => [r.teamId, r.items.map((item) => item.taskId)])).toEqual([
      ['t1', ['child-ok', 'mine']],
      ['child', ['child-ok']],
    ]);
  });

  it('never plans the same task, team and day twice', () => {
    const first = planReminders(input());
    const alreadySent = new Set(first.reminders.flatMap((r) => r.items.map((item) => item.dedupeKey)));
    expect(planReminders(input({ alreadySent })).reminders).toEqual([]);
    // The next day in London is a new day for every pair (and 'later' is now within 7 days too).
    const tomorrow = new Date('2027-06-01T23:00:00Z');
    const [next] = planReminders(input({ alreadySent, now: tomorrow })).reminders;
    expect(next.items.map((item) => item.dedupeKey)).toEqual([
      'overdue:t1:2027-06-02',
      'today:t1:2027-06-02',
      'soon:t1:2027-06-02',
      'later:t1:2027-06-02',
    ]);
  });

  it("reports a stored due date that is not a date as 'Invalid target date' and carries on", () => {
    const tasks = [task('broken', '2027-02-30'), task('today', '2027-06-01')];
    const plan = planReminders(input({ tasks }));
    expect(plan.skipped).toEqual([{ taskId: 'broken', error: 'Invalid target date' }]);
    expect(plan.reminders[0].items.map((item) => item.taskId)).toEqual(['today']);
  });

  it('sends nothing to a team with no recipient under the setting', () => {
    const settings = { taskRemindersEnabled: true, sendTaskRemindersTo: 'admin' as const };
    const teams = [team('t1', { members: [members[0], members[2]] })];
    expect(planReminders(input({ settings, teams })).reminders).toEqual([]);
  });
});

describe('recipients and subject', () => {
  it('chooses all users, admins or the team leader per the emails setting', () => {
    expect(reminderRecipients(members, 'all-users')).toEqual(['owner', 'admin-member', 'member']);
    expect(reminderRecipients(members, 'admin')).toEqual(['admin-member']);
    expect(reminderRecipients(members, 'team-leader')).toEqual(['owner']);
  });

  it('says task for one and tasks for more', () => {
    expect(reminderSubject(1)).toBe('You have 1 task due');
    expect(reminderSubject(2)).toBe('You have 2 tasks due');
  });

  it('the dedupe key is the calendar day in the event zone, not in UTC', () => {
    const lateEvening = new Date('2027-06-01T23:30:00Z');
    expect(reminderDedupeKey('task', 'team', lateEvening, 'Europe/London')).toBe('task:team:2027-06-02');
    expect(reminderDedupeKey('task', 'team', lateEvening, 'UTC')).toBe('task:team:2027-06-01');
  });

  it('every planned item is due soon or overdue, unique per task and team, and counted in the subject', () => {
    const taskArb = fc.record({
      id: fc.uuid(),
      title: fc.string({ maxLength: 5 }),
      dueDate: fc
        .integer({ min: -20, max: 20 })
        .map((d) => new Date(Date.UTC(2027, 5, 1 + d)).toISOString().slice(0, 10)),
      isArchived: fc.boolean(),
      teamTypeIds: fc.array(fc.constantFrom('exhibitor', 'sponsor'), { maxLength: 2 }),
      showToChildTeams: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(taskArb, { selector: (t) => t.id, maxLength: 12 }),
        fc.integer({ min: 0, max: 10 }),
        (tasks, dueSoonDays) => {
          const plan = planReminders(
            input({
              tasks,
              due: { ...due, dueSoonDays },
              teams: [team('a'), team('b', { standShareRole: 'child' })],
            }),
          );
          for (const reminder of plan.reminders) {
            const keys = reminder.items.map((item) => item.dedupeKey);
            expect(new Set(keys).size).toBe(keys.length);
            expect(reminder.subject).toBe(reminderSubject(reminder.items.length));
            for (const item of reminder.items) expect(item.daysUntilDue).toBeLessThanOrEqual(dueSoonDays);
          }
        },
      ),
    );
  });
});
