import type { EmailContent } from '../emails/templates';

/**
 * The 'admin notification' email (spec: default title 'You have a new notification'): the
 * notification's title and its sanitised description, and a button to the portal's notifications.
 */

export const ADMIN_NOTIFICATION_SUBJECT = 'You have a new notification';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The plain-text part of sanitised rich text: block ends become line breaks, tags go. */
export function richTextToPlain(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|blockquote|pre)>/gi, '\n')
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

export function renderNotificationEmail(input: {
  eventName: string;
  appUrl: string;
  firstName: string;
  title: string;
  /** Already sanitised by the save (server/modules/content/sanitize.ts). */
  description: string;
}): EmailContent {
  const link = `${input.appUrl.replace(/\/+$/, '')}/notifications`;
  const plain = richTextToPlain(input.description);
  const text = [`Hello ${input.firstName},`, input.title, plain, 'Read it on the portal:', link]
    .filter((part) => part !== '')
    .join('\n\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1a1a;max-width:560px;margin:auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(input.eventName)}</h1><p>${escapeHtml(`Hello ${input.firstName},`)}</p><h2 style="font-size:18px">${escapeHtml(input.title)}</h2>${input.description}<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#1b5e20;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">Open your notifications</a></p></body></html>`;
  return { subject: ADMIN_NOTIFICATION_SUBJECT, text: `${text}\n`, html, links: [link] };
}
