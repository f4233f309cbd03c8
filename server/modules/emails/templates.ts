import { compile } from 'html-to-text';
import Mustache from 'mustache';
import type { TemplateKindId } from '../../../shared/emails/templatesApi';
import { DEFAULT_NAV_COLOR, navThemeFor } from '../../../shared/events/settings';
import { DEFAULT_TEMPLATES } from './defaultTemplates';
import { emailLayout, escapeHtml } from './layout';

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
 * organiser customised the kind (emailLook.ts loads it), else the default. Merge variables are
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
