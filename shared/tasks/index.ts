/**
 * Tasks: the contracts and pure rules of tasks, task groups, per-team statuses, due status,
 * visibility, approvals and reminders, shared by the server and the screens so both decide alike.
 * Pure: no I/O, no Node or DOM APIs. Due status is explained in docs/decisions/0005-due-status.md.
 */

// Approvals: the state machine of one team's status, and what the team sees of it.
export type {
  Actor,
  ApprovalState,
  ApprovalView,
  ProgressChange,
  ReviewDecision,
  Transition,
} from './approvals';
export { APPROVAL_ERRORS, APPROVAL_LABELS, approvalView, review, setProgress } from './approvals';
// Due status: calendar days to the due date in the event's zone, and the team's status chip.
export type { DueOptions, DueStatus, TaskStatusFilter, TeamTaskStatus } from './dueStatus';
export {
  addCalendarDays,
  calendarDateIn,
  calendarDateOf,
  calendarDayNumber,
  DUE_STATUSES,
  daysUntilDue,
  dueDateBounds,
  dueStatus,
  dueStatusOfDays,
  isCalendarDate,
  matchesStatusFilter,
  parseDueDate,
  TASK_STATUS_FILTERS,
  TASK_STATUS_LABELS,
  TEAM_TASK_STATUSES,
  teamTaskStatus,
} from './dueStatus';
// Task groups: lists grouped by group, with the virtual Unassigned group.
export type { TaskGroupSection } from './groups';
export { groupTasks, UNASSIGNED_GROUP_TITLE } from './groups';
// Reminders: whom to remind about what today, without sending anything twice a day.
export type {
  ReminderItem,
  ReminderMember,
  ReminderPlan,
  ReminderPlanInput,
  ReminderRecipients,
  ReminderSettings,
  ReminderTask,
  ReminderTeam,
  TeamReminder,
} from './reminders';
export {
  planReminders,
  progressKey,
  REMINDER_RECIPIENTS,
  reminderDedupeKey,
  reminderRecipients,
  reminderSubject,
} from './reminders';
// Schemas, defaults and the spec's error texts, so every edge parses the same way.
export * from './schema';
// Visibility: which tasks a viewer sees, and the Restricted label.
export type { RestrictionLabel, StandShareRole, TaskViewer, VisibleTaskFields } from './visibility';
export { canSeeTask, restrictionLabel, seesAllTasks, tasksForViewer } from './visibility';
