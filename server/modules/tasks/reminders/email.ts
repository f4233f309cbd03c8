import { TASK_STATUS_LABELS } from '../../../../shared/tasks/dueStatus';
import type { ReminderItem } from '../../../../shared/tasks/reminders';
import {
  type EmailContent,
  type EmailLook,
  escapeHtml,
  renderTemplate,
  SafeHtml,
} from '../../emails/templates/email';

/** The task reminder email: one line per task due, in the event's template for one task or several. */

function whenDue(item: ReminderItem): string {
  if (item.daysUntilDue < 0) {
    const days = -item.daysUntilDue;
    return `was due ${item.dueDate} (${days} day${days === 1 ? '' : 's'} ago)`;
  }
  if (item.daysUntilDue === 0) return `due today (${item.dueDate})`;
  return `due ${item.dueDate} (in ${item.daysUntilDue} day${item.daysUntilDue === 1 ? '' : 's'})`;
}

export function renderTaskReminder(
  input: {
    eventName: string;
    firstName: string;
    teamName: string;
    appUrl: string;
    items: readonly ReminderItem[];
  },
  looks: { one?: EmailLook; many?: EmailLook } = {},
): EmailContent {
  const lines = input.items.map(
    (item) => `${item.title}: ${TASK_STATUS_LABELS[item.dueStatus]}, ${whenDue(item)}`,
  );
  const list = `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`;
  const one = input.items.length === 1;
  return renderTemplate(
    one ? 'taskReminder' : 'taskReminders',
    {
      eventName: input.eventName,
      firstName: input.firstName,
      teamName: input.teamName,
      taskCount: input.items.length,
      taskList: new SafeHtml(list),
      link: `${input.appUrl.replace(/\/+$/, '')}/tasks`,
    },
    (one ? looks.one : looks.many) ?? {},
  );
}
