import type { EmailContent } from '../emails/templates';

/**
 * The body of a form notification email: the event's name, the notification's message (rich
 * text, sanitised again by the caller), then, as the notification asks, the answers shown for
 * this submission and the team's custom fields, each as a two-column table. Only answers the
 * engine shows for these answers reach here (the caller builds them with its visibility), so a
 * hidden answer can never be in an email.
 */

export type Line = { label: string; text: string };

export interface NotificationEmailInput {
  eventName: string;
  subject: string;
  /** Sanitised HTML. */
  messageHtml: string;
  formTitle: string;
  teamName: string | null;
  answers: Line[] | null;
  totals: Line[];
  customFields: Line[] | null;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Rich text as plain text for the text part: block ends become line breaks, tags and entities go. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|blockquote|pre|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const cell = 'padding:6px 8px;border:1px solid #ddd;vertical-align:top;text-align:left';

function tableHtml(caption: string, lines: Line[]): string {
  const rows = lines
    .map(
      (line) =>
        `<tr><th scope="row" style="${cell};width:40%;background:#f6f6f6">${escapeHtml(line.label)}</th><td style="${cell};white-space:pre-wrap">${escapeHtml(line.text)}</td></tr>`,
    )
    .join('');
  return `<table style="border-collapse:collapse;width:100%;margin:0 0 16px;font-size:14px"><caption style="text-align:left;font-weight:bold;padding:0 0 8px">${escapeHtml(caption)}</caption><tbody>${rows}</tbody></table>`;
}

const tableText = (caption: string, lines: Line[]) =>
  [caption, ...lines.map((line) => `${line.label}: ${line.text}`)].join('\n');

export function renderNotificationEmail(input: NotificationEmailInput): EmailContent {
  const tables: [string, Line[]][] = [];
  if (input.answers) tables.push([`Answers: ${input.formTitle}`, [...input.answers, ...input.totals]]);
  if (input.customFields && input.customFields.length > 0) {
    tables.push([input.teamName ? `Team: ${input.teamName}` : 'Team', input.customFields]);
  }
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1a1a;max-width:640px;margin:auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(input.eventName)}</h1>${input.messageHtml}${tables.map(([caption, lines]) => tableHtml(caption, lines)).join('')}</body></html>`;
  const text = [input.eventName, htmlToText(input.messageHtml), ...tables.map(([c, l]) => tableText(c, l))]
    .filter((part) => part !== '')
    .join('\n\n');
  return { subject: input.subject, text, html, links: [] };
}
