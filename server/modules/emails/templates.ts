/** The identity emails. Each builds its subject, text and HTML from the event and the link. */

/** The kinds this file renders. */
export type TemplateKind =
  | 'setPassword'
  | 'resetPassword'
  | 'verifyEmailChange'
  | 'emailChanged'
  | 'commentMention'
  | 'existingWelcome'
  | 'welcomeChaser';

/**
 * Every kind of email the outbox holds; task reminders are built by tasks/reminderEmail.ts, admin
 * notifications by notifications/email.ts, form notifications (on submit and on update) by
 * forms/notificationEmail.ts.
 */
export type EmailKind =
  | TemplateKind
  | 'taskReminder'
  | 'adminNotification'
  | 'formNotification'
  | 'formUpdate';

export type EmailContent = { subject: string; text: string; html: string; links: string[] };

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
  /** existingWelcome: the team the account joined, when it joined one. */
  teamName?: string;
  /** welcomeChaser: the link signs in (the account has a password) rather than sets a password. */
  signIn?: boolean;
};

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function layout(eventName: string, paragraphs: string[], button?: { label: string; href: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const action = button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(button.href)}" style="background:#1b5e20;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(button.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Or paste this link into your browser: ${escapeHtml(button.href)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1a1a;max-width:560px;margin:auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(eventName)}</h1>${body}${action}</body></html>`;
}

export function renderEmail(kind: TemplateKind, input: Input): EmailContent {
  const hello = `Hello ${input.firstName},`;
  const link = input.link ?? '';
  switch (kind) {
    case 'setPassword': {
      const lines = [
        hello,
        `An account has been created for you on the ${input.eventName} portal.`,
        'Set your password to sign in. The link works once and expires in 7 days.',
      ];
      return {
        subject: `Set your password for ${input.eventName}`,
        text: `${lines.join('\n\n')}\n\n${link}\n`,
        html: layout(input.eventName, lines, { label: 'Set password', href: link }),
        links: [link],
      };
    }
    case 'resetPassword': {
      const lines = [
        hello,
        `We received a request to reset your password for the ${input.eventName} portal.`,
        'The link works once and expires in 1 hour. If you did not ask for this, you can ignore this email.',
      ];
      return {
        subject: `Reset your password for ${input.eventName}`,
        text: `${lines.join('\n\n')}\n\n${link}\n`,
        html: layout(input.eventName, lines, { label: 'Reset password', href: link }),
        links: [link],
      };
    }
    case 'verifyEmailChange': {
      const lines = [
        hello,
        `Please confirm that you want to use this address (${input.newEmail}) to sign in to the ${input.eventName} portal.`,
        'Your email changes when you open the link. It works once and expires in 24 hours.',
      ];
      return {
        subject: 'Verify your new email address',
        text: `${lines.join('\n\n')}\n\n${link}\n`,
        html: layout(input.eventName, lines, { label: 'Verify email address', href: link }),
        links: [link],
      };
    }
    case 'emailChanged': {
      const support = input.supportEmail
        ? ` please contact ${input.supportEmail} at once`
        : ' please reset your password at once';
      const lines = [
        hello,
        `The email address you use to sign in to the ${input.eventName} portal was changed to ${input.newEmail}.`,
        `If you did not make this change,${support}.`,
      ];
      return {
        subject: 'Your email address has been changed',
        text: `${lines.join('\n\n')}\n`,
        html: layout(input.eventName, lines),
        links: [],
      };
    }
    case 'commentMention': {
      const lines = [
        hello,
        `${input.authorName} mentioned you in a comment on the task "${input.taskTitle}":`,
        input.excerpt ?? '',
      ];
      return {
        subject: `${input.authorName} mentioned you on ${input.taskTitle}`,
        text: `${lines.join('\n\n')}\n\n${link}\n`,
        html: layout(input.eventName, lines, { label: 'Open the task', href: link }),
        links: [link],
      };
    }
    case 'existingWelcome': {
      // No set-password link: the account already has a password, from another event.
      const where = input.teamName ? ` as a member of ${input.teamName}` : '';
      const lines = [
        hello,
        `You have been added to the ${input.eventName} portal${where}.`,
        'Sign in with the email address and password you already use.',
      ];
      return {
        subject: `You have been added to ${input.eventName}`,
        text: `${lines.join('\n\n')}\n\n${link}\n`,
        html: layout(input.eventName, lines, { label: 'Sign in', href: link }),
        links: [link],
      };
    }
    case 'welcomeChaser': {
      const lines = [
        hello,
        `A reminder: an account is waiting for you on the ${input.eventName} portal, and you have not signed in yet.`,
        input.signIn
          ? 'Sign in with the email address and password you already use.'
          : 'Set your password to sign in. The link works once and expires in 7 days.',
      ];
      return {
        subject: `Reminder: your ${input.eventName} account is waiting`,
        text: `${lines.join('\n\n')}\n\n${link}\n`,
        html: layout(input.eventName, lines, {
          label: input.signIn ? 'Sign in' : 'Set password',
          href: link,
        }),
        links: [link],
      };
    }
  }
}
