import { compile } from 'html-to-text';
import Mustache from 'mustache';
import type { TemplateKindId } from '../../../../shared/emails/templatesApi';
import { DEFAULT_NAV_COLOR, navThemeFor } from '../../../../shared/events/settings';
import { DEFAULT_TEMPLATES } from './defaults';

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The one responsive layout every email shares (docs/decisions/0025-email-templates.md): nested
 * tables, inline styles and a 600-pixel card that becomes full width on a small screen, which is
 * what mail clients render reliably. The header carries the event's logo (else its name) on its
 * colour; the button to the email's link uses the same colour.
 */
export function emailLayout(input: {
  title: string;
  eventName: string;
  logoUrl: string;
  colour: string;
  /** Text on the colour: white on a dark colour, near-black on a light one. */
  onColour: string;
  body: string;
  button?: { label: string; href: string };
}): string {
  const colour = escapeHtml(input.colour);
  const onColour = escapeHtml(input.onColour);
  const brand = input.logoUrl
    ? `<img src="${escapeHtml(input.logoUrl)}" alt="${escapeHtml(input.eventName)}" height="48" style="display:block;height:48px;max-width:240px;border:0">`
    : `<span style="font-size:20px;font-weight:bold;color:${onColour}">${escapeHtml(input.eventName)}</span>`;
  const button = input.button
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0"><tr><td style="background:${colour};border-radius:6px"><a href="${escapeHtml(input.button.href)}" style="display:inline-block;padding:12px 20px;color:${onColour};text-decoration:none;font-weight:bold">${escapeHtml(input.button.label)}</a></td></tr></table><p style="margin:0 0 16px;font-size:13px;color:#555555">Or paste this link into your browser: ${escapeHtml(input.button.href)}</p>`
    : '';
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(input.title)}</title>`,
    '<style>@media (max-width:620px){.card{width:100%!important}.content{padding:16px!important}}</style>',
    '</head><body style="margin:0;padding:0;background:#f4f4f5">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5"><tr><td align="center" style="padding:24px 8px">',
    '<table role="presentation" class="card" width="600" cellpadding="0" cellspacing="0" style="width:600px;max-width:100%;background:#ffffff;border-radius:8px">',
    `<tr><td style="background:${colour};padding:16px 24px;border-radius:8px 8px 0 0">${brand}</td></tr>`,
    `<tr><td class="content" style="padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">${input.body}${button}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('');
}

/**
 * The plain-text part of every email. Compiled once: `convert` parses its options and selectors on
 * each call, which was most of the CPU of rendering an email (15,000 notification emails spent
 * about 15 s there; issue 17's drain).
 */
const toPlainText = compile({
  wordwrap: 78,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    // A table (a form notification's answers, one an organiser wrote) stays in columns, as
    // written: html-to-text's default would run its cells together.
    {
      selector: 'table',
      format: 'dataTable',
      options: { uppercaseHeaderCells: false, maxColumnWidth: 60 },
    },
  ],
});

/**
 * Renders every email the portal sends from its template: the event's own wording when an
 * organiser customised the kind (queries.ts loads it), else the default. Merge variables are
 * mustache {{names}}, HTML-escaped unless the sender marks a value as HTML it built safely.
 */

/** The kinds rendered through renderEmail by the identity, people and tasks modules. */
export type TemplateKind =
  | 'setPassword'
  | 'resetPassword'
  | 'verifyEmailChange'
  | 'emailChanged'
  | 'passwordChanged'
  | 'commentMention'
  | 'existingWelcome'
  | 'welcomeTeamMember'
  | 'standShareWelcome'
  | 'welcomeChaser'
  | 'taskStatus';

/**
 * Every kind of email the outbox holds; task reminders are built by tasks/reminders/email.ts, admin
 * notifications by notifications/email.ts, form notifications (on submit and on update) by
 * forms/notifications/email.ts, all through renderTemplate.
 */
export type EmailKind =
  | TemplateKind
  | 'taskReminder'
  | 'adminNotification'
  | 'formNotification'
  | 'formUpdate'
  | 'templateTest';

export type EmailContent = { subject: string; text: string; html: string; links: string[] };

/** A value that is already safe HTML (built by the server from escaped or sanitised parts). */
export class SafeHtml {
  constructor(readonly html: string) {}
  toString(): string {
    return this.html;
  }
}

export type MergeValue = string | number | SafeHtml | undefined;
export type MergeValues = Partial<Record<string, MergeValue>>;

/** What an event adds to every email: its wording of the kind, its logo and colour, its welcome text. */
export type EmailLook = {
  template?: { subject: string; body: string } | null;
  logoUrl?: string;
  colour?: string;
  welcome?: { paragraph1: string; paragraph2: string; showParagraph1: boolean; showParagraph2: boolean };
};

const htmlEscape = (value: unknown) => (value instanceof SafeHtml ? value.html : escapeHtml(String(value)));
/** A subject is a header, not HTML: no escaping, and no line break that could start a new header. */
const subjectEscape = (value: unknown) => String(value).replace(/[\r\n]+/g, ' ');

/** Renders one kind with the given merge values and the event's look; used by senders and previews. */
export function renderTemplate(
  kind: TemplateKindId,
  values: MergeValues,
  look: EmailLook = {},
): EmailContent {
  const fallback = DEFAULT_TEMPLATES[kind];
  const { subject, body } = look.template ?? fallback;
  const view = { ...values };
  const renderedSubject = Mustache.render(subject, view, {}, { escape: subjectEscape }).trim();
  // A paragraph left empty by an empty variable (a welcome paragraph switched off) goes.
  const renderedBody = Mustache.render(body, view, {}, { escape: htmlEscape }).replace(/<p>\s*<\/p>/g, '');
  const link = typeof values.link === 'string' && values.link !== '' ? values.link : undefined;
  const colour = look.colour ?? DEFAULT_NAV_COLOR;
  const html = emailLayout({
    title: renderedSubject,
    eventName: String(values.eventName ?? ''),
    logoUrl: look.logoUrl ?? '',
    colour,
    onColour: navThemeFor(colour) === 'dark' ? '#ffffff' : '#1a1a1a',
    body: renderedBody,
    button: link && fallback.action ? { label: fallback.action, href: link } : undefined,
  });
  const plain = toPlainText(renderedBody);
  const text = link ? `${plain}\n\n${fallback.action ?? 'Open'}: ${link}\n` : `${plain}\n`;
  return { subject: renderedSubject, text, html, links: link ? [link] : [] };
}

type Input = {
  eventName: string;
  firstName: string;
  link?: string;
  newEmail?: string;
  supportEmail?: string;
  /** commentMention: who wrote, on which task, and what. */
  authorName?: string;
  taskTitle?: string;
  excerpt?: string;
  /** existingWelcome, welcomeTeamMember, standShareWelcome, taskStatus: the team concerned. */
  teamName?: string;
  /** standShareWelcome: the team whose stand the new team shares. */
  parentTeamName?: string;
  /** taskStatus: the status as the team sees it ('Approved', 'Complete'...) and the review, if any. */
  taskStatus?: string;
  review?: string;
  /** welcomeChaser: the link signs in (the account has a password) rather than sets a password. */
  signIn?: boolean;
};

/** The identity and welcome emails, from their senders' inputs. */
export function renderEmail(kind: TemplateKind, input: Input, look: EmailLook = {}): EmailContent {
  const { signIn, ...rest } = input;
  const welcome = look.welcome;
  const values: MergeValues = {
    ...rest,
    supportEmail: input.supportEmail || 'the event organiser',
    welcomeParagraph1: welcome?.showParagraph1 ? welcome.paragraph1 : '',
    welcomeParagraph2: welcome?.showParagraph2 ? welcome.paragraph2 : '',
    nextStep: signIn
      ? 'Sign in with the email address and password you already use.'
      : 'Set your password to sign in. The link works once and expires in 7 days.',
  };
  return renderTemplate(kind, values, look);
}
