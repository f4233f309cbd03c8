import { TASK_STATUS_LABELS } from '../../../shared/tasks/dueStatus';
import type { ReminderItem } from '../../../shared/tasks/reminders';
import type { EmailContent } from '../emails/templates';

/** The task reminder email: the subject from shared/tasks/reminders.ts, one line per task due. */

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function whenDue(item: ReminderItem): string {
  if (item.daysUntilDue < 0) {
    const days = -item.daysUntilDue;
    return `was due ${item.dueDate} (${days} day${days === 1 ? '' : 's'} ago)`;
  }
  if (item.daysUntilDue === 0) return `due today (${item.dueDate})`;
  return `due ${item.dueDate} (in ${item.daysUntilDue} day${item.daysUntilDue === 1 ? '' : 's'})`;
}

export function renderTaskReminder(input: {
  subject: string;
  eventName: string;
  firstName: string;
  teamName: string;
  appUrl: string;
  items: readonly ReminderItem[];
}): EmailContent {
  const link = `${input.appUrl.replace(/\/+$/, '')}/tasks`;
  const intro = `${input.teamName} has ${input.items.length === 1 ? 'a task' : `${input.items.length} tasks`} to complete for ${input.eventName}:`;
  const lines = input.items.map(
    (item) => `${item.title}: ${TASK_STATUS_LABELS[item.dueStatus]}, ${whenDue(item)}`,
  );
  const text = [
    `Hello ${input.firstName},`,
    intro,
    lines.map((line) => `- ${line}`).join('\n'),
    'Mark each one complete, or not applicable, on your task list:',
    link,
  ].join('\n\n');
  const list = lines.map((line) => `<li style="margin:0 0 8px">${escapeHtml(line)}</li>`).join('');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1a1a;max-width:560px;margin:auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(input.eventName)}</h1><p>${escapeHtml(`Hello ${input.firstName},`)}</p><p>${escapeHtml(intro)}</p><ul>${list}</ul><p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#1b5e20;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">Open your tasks</a></p></body></html>`;
  return { subject: input.subject, text: `${text}\n`, html, links: [link] };
}
