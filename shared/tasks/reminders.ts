import { can, type Permission } from '../auth/permissions';
import { calendarDateIn, type DueOptions, daysUntilDue, dueStatusOfDays } from './dueStatus';
import { type ProgressStatus, TASK_ERRORS, type Task, TaskDataError } from './schema';
import { canSeeTask, type StandShareRole } from './visibility';

/**
 * The daily task reminder (spec: emails settings, reminders). Pure planning: the job reads the
 * event, its tasks, teams and statuses, asks this module whom to remind about what, drops the
 * pairs already sent today (by dedupe key) and sends one email per recipient.
 */

export const REMINDER_RECIPIENTS = ['all-users', 'admin', 'team-leader'] as const;
export type ReminderRecipients = (typeof REMINDER_RECIPIENTS)[number];

export interface ReminderSettings {
  taskRemindersEnabled: boolean;
  sendTaskRemindersTo: ReminderRecipients;
}

export interface ReminderMember {
  userId: string;
  role: 'teamOwner' | 'teamMember';
  level: Permission;
}

export interface ReminderTeam {
  id: string;
  isOrganiser: boolean;
  teamTypeId: string | null;
  standShareRole: StandShareRole;
  members: readonly ReminderMember[];
}

export type ReminderTask = Pick<
  Task,
  'id' | 'title' | 'dueDate' | 'isArchived' | 'teamTypeIds' | 'showToChildTeams'
>;

export interface ReminderItem {
  taskId: string;
  title: string;
  dueDate: string;
  dueStatus: 'dueSoon' | 'overdue';
  daysUntilDue: number;
  /** `${taskId}:${teamId}:${today in the event zone}`; store it when sent, skip it when present. */
  dedupeKey: string;
}

export interface TeamReminder {
  teamId: string;
  recipientIds: string[];
  items: ReminderItem[];
  subject: string;
}

export interface ReminderPlanInput {
  now: Date;
  due: DueOptions;
  settings: ReminderSettings;
  tasks: readonly ReminderTask[];
  teams: readonly ReminderTeam[];
  /** Progress by `${taskId}:${teamId}`; a missing pair has not been started (incomplete). */
  progress: ReadonlyMap<string, ProgressStatus>;
  /** Dedupe keys of reminders already sent (today's are enough). */
  alreadySent?: ReadonlySet<string>;
}

export interface ReminderPlan {
  reminders: TeamReminder[];
  /** Tasks left out because their stored due date is not a real date; the job reports them. */
  skipped: { taskId: string; error: string }[];
}

export function progressKey(taskId: string, teamId: string): string {
  return `${taskId}:${teamId}`;
}

/** One key per task, team and calendar day in the event zone: the same email never goes twice a day. */
export function reminderDedupeKey(taskId: string, teamId: string, now: Date, timeZone: string): string {
  return dedupeKeyOn(taskId, teamId, calendarDateIn(now, timeZone));
}

function dedupeKeyOn(taskId: string, teamId: string, today: string): string {
  return `${taskId}:${teamId}:${today}`;
}

/** The spec gives no words: these say how many and that they need doing. */
export function reminderSubject(count: number): string {
  return count === 1 ? 'You have 1 task due' : `You have ${count} tasks due`;
}

/** Who gets a team's reminder under the emails setting. */
export function reminderRecipients(members: readonly ReminderMember[], to: ReminderRecipients): string[] {
  const chosen = members.filter((member) => {
    if (to === 'all-users') return true;
    if (to === 'admin') return can(member.level, 'admin');
    return member.role === 'teamOwner';
  });
  return [...new Set(chosen.map((member) => member.userId))];
}

/** Plans today's reminders: due soon or overdue, not complete or n/a, visible to the team, not yet sent. */
export function planReminders(input: ReminderPlanInput): ReminderPlan {
  const plan: ReminderPlan = { reminders: [], skipped: [] };
  if (!input.settings.taskRemindersEnabled) return plan;

  const today = calendarDateIn(input.now, input.due.timeZone);
  const dueTasks: { task: ReminderTask; days: number; status: 'dueSoon' | 'overdue' }[] = [];
  for (const task of input.tasks) {
    if (task.isArchived) continue;
    let days: number;
    try {
      days = daysUntilDue(task.dueDate, input.now, input.due.timeZone);
    } catch (error) {
      // One bad record must not stop every other team's reminders.
      if (!(error instanceof TaskDataError)) throw error;
      plan.skipped.push({ taskId: task.id, error: TASK_ERRORS.invalidTargetDate });
      continue;
    }
    const status = dueStatusOfDays(days, input.due.dueSoonDays);
    if (status !== 'pending') dueTasks.push({ task, days, status });
  }
  // Most urgent first: the email lists the oldest overdue task at the top.
  dueTasks.sort((a, b) => a.days - b.days || a.task.title.localeCompare(b.task.title));

  for (const team of input.teams) {
    // Organisers see every task to run the event, not to do it; they get no reminders.
    if (team.isOrganiser) continue;
    const recipientIds = reminderRecipients(team.members, input.settings.sendTaskRemindersTo);
    if (recipientIds.length === 0) continue;
    // Visibility of the team, not of its most senior member: the list the team sees.
    const viewer = {
      level: 'user' as const,
      isOrganiserTeam: false,
      teamTypeId: team.teamTypeId,
      standShareRole: team.standShareRole,
    };
    const items: ReminderItem[] = [];
    for (const { task, days, status } of dueTasks) {
      const progress = input.progress.get(progressKey(task.id, team.id)) ?? 'incomplete';
      if (progress !== 'incomplete' || !canSeeTask(task, viewer)) continue;
      const dedupeKey = dedupeKeyOn(task.id, team.id, today);
      if (input.alreadySent?.has(dedupeKey)) continue;
      items.push({
        taskId: task.id,
        title: task.title,
        dueDate: task.dueDate,
        dueStatus: status,
        daysUntilDue: days,
        dedupeKey,
      });
    }
    if (items.length > 0) {
      plan.reminders.push({ teamId: team.id, recipientIds, items, subject: reminderSubject(items.length) });
    }
  }
  return plan;
}
