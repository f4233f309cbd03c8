import type { TemplateKindId } from '../../../../shared/emails/templatesApi';

/**
 * The portal's own wording of every email: the texts that were hard-coded before templates became
 * editable. Bodies are rich text as the editor makes it; the layout adds the logo, the colour and
 * the button to {{link}} (labelled by `action`) around them.
 */
export type DefaultTemplate = { subject: string; body: string; action?: string };

const hello = '<p>Hello {{firstName}},</p>';
const p = (...lines: string[]) => lines.map((line) => `<p>${line}</p>`).join('');

export const DEFAULT_TEMPLATES: Record<TemplateKindId, DefaultTemplate> = {
  setPassword: {
    subject: 'Set your password for {{eventName}}',
    body:
      hello +
      p(
        'An account has been created for you on the {{eventName}} portal.',
        '{{welcomeParagraph1}}',
        '{{welcomeParagraph2}}',
        'The link works once and expires in 7 days.',
      ),
    action: 'Set password',
  },
  existingWelcome: {
    subject: 'You have been added to {{eventName}}',
    body:
      hello +
      p(
        'You have been added to the {{eventName}} portal{{#teamName}} as a member of {{teamName}}{{/teamName}}.',
        'Sign in with the email address and password you already use.',
      ),
    action: 'Sign in',
  },
  welcomeTeamMember: {
    subject: 'You have been added to {{teamName}} on {{eventName}}',
    body:
      hello +
      p(
        '{{teamName}} has added you to its team on the {{eventName}} portal.',
        'Set your password to sign in. The link works once and expires in 7 days.',
      ),
    action: 'Set password',
  },
  standShareWelcome: {
    subject: 'Your stand share on {{eventName}}',
    body:
      hello +
      p(
        '{{parentTeamName}} has set up {{teamName}} as a stand share on the {{eventName}} portal.',
        'Set your password to sign in. The link works once and expires in 7 days.',
      ),
    action: 'Set password',
  },
  welcomeChaser: {
    subject: 'Reminder: your {{eventName}} account is waiting',
    body:
      hello +
      p(
        'A reminder: an account is waiting for you on the {{eventName}} portal, and you have not signed in yet.',
        '{{nextStep}}',
      ),
    action: 'Open the portal',
  },
  taskReminder: {
    subject: 'You have 1 task due',
    body:
      hello +
      p('{{teamName}} has a task to complete for {{eventName}}:') +
      '{{taskList}}' +
      p('Mark it complete, or not applicable, on your task list.'),
    action: 'Open your tasks',
  },
  taskReminders: {
    subject: 'You have {{taskCount}} tasks due',
    body:
      hello +
      p('{{teamName}} has {{taskCount}} tasks to complete for {{eventName}}:') +
      '{{taskList}}' +
      p('Mark each one complete, or not applicable, on your task list.'),
    action: 'Open your tasks',
  },
  taskStatus: {
    subject: '{{taskTitle}}: {{taskStatus}}',
    body:
      hello +
      p('The task "{{taskTitle}}" for {{teamName}} on the {{eventName}} portal is now {{taskStatus}}.') +
      "{{#review}}<p>The organiser's review:</p><blockquote>{{review}}</blockquote>{{/review}}",
    action: 'Open the task',
  },
  // The notification's own subject and message (set per notification on the form) inside the
  // event's wording; the answers and team details are tables the server builds as the
  // notification asks (showSubmission, showCustomFields), empty when it does not.
  formNotification: {
    subject: '{{subjectLine}}',
    body: '{{message}}{{submission}}{{customFields}}',
  },
  formUpdate: {
    subject: 'Updated: {{subjectLine}}',
    body: `${p('A submission of {{formName}} was updated.')}{{message}}{{submission}}{{customFields}}`,
  },
  verifyEmailChange: {
    subject: 'Verify your new email address',
    body:
      hello +
      p(
        'Please confirm that you want to use this address ({{newEmail}}) to sign in to the {{eventName}} portal.',
        'Your email changes when you open the link. It works once and expires in 24 hours.',
      ),
    action: 'Verify email address',
  },
  emailChanged: {
    subject: 'Your email address has been changed',
    body:
      hello +
      p(
        'The email address you use to sign in to the {{eventName}} portal was changed to {{newEmail}}.',
        'If you did not make this change, please contact {{supportEmail}} at once.',
      ),
  },
  resetPassword: {
    subject: 'Reset your password for {{eventName}}',
    body:
      hello +
      p(
        'We received a request to reset your password for the {{eventName}} portal.',
        'The link works once and expires in 1 hour. If you did not ask for this, you can ignore this email.',
      ),
    action: 'Reset password',
  },
  passwordChanged: {
    subject: 'Your password has been changed',
    body:
      hello +
      p(
        'The password you use to sign in to the {{eventName}} portal was changed.',
        'If you did not make this change, please contact {{supportEmail}} at once.',
      ),
  },
  adminNotification: {
    subject: 'You have a new notification',
    body: `${hello}<h3>{{notificationTitle}}</h3>{{notificationBody}}`,
    action: 'Open your notifications',
  },
  commentMention: {
    subject: '{{authorName}} mentioned you on {{taskTitle}}',
    body:
      hello +
      p('{{authorName}} mentioned you in a comment on the task "{{taskTitle}}":') +
      '<blockquote>{{excerpt}}</blockquote>',
    action: 'Open the task',
  },
};
