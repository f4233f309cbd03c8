import type { TemplateKindId } from '../../shared/emails/templatesApi';
import { emailTemplates } from '../modules/emails/templates/tables';
import type { DbOrTx } from '../platform/db/client';
import { SYSTEM_ACTOR } from '../platform/db/columns';

/**
 * A few emails in the demo event's own voice, so the template list shows customised kinds next to
 * the defaults: the welcome an exhibitor with an account from another event gets, the email a team
 * gets when an organiser approves or rejects its work, and the copy of a submitted form.
 */
export const DEMO_EMAIL_TEMPLATES: { kind: TemplateKindId; subject: string; body: string }[] = [
  {
    kind: 'existingWelcome',
    subject: 'Welcome back to the harbour, {{firstName}}',
    body: [
      '<p>Hello {{firstName}},</p>',
      '<p>Good to have you back: you have been added to {{eventName}}{{#teamName}} with {{teamName}}{{/teamName}}.</p>',
      '<p>Sign in with the email address and password you already use, and start with your task list.</p>',
    ].join(''),
  },
  {
    kind: 'taskStatus',
    subject: '{{taskTitle}} for {{teamName}}: {{taskStatus}}',
    body: [
      '<p>Hello {{firstName}},</p>',
      '<p>The operations team has looked at "{{taskTitle}}" for {{teamName}}: it is now <strong>{{taskStatus}}</strong>.</p>',
      '{{#review}}<p>Their note:</p><blockquote>{{review}}</blockquote>{{/review}}',
      '<p>Questions before build-up? Reply to the harbour office from your task page.</p>',
    ].join(''),
  },
  {
    kind: 'formNotification',
    subject: '{{subjectLine}} ({{eventName}})',
    body: [
      '{{message}}',
      '<p>{{#teamName}}Sent by {{teamName}} through{{/teamName}}{{^teamName}}Sent through{{/teamName}} the {{formName}} form.</p>',
      '{{submission}}{{customFields}}',
      '<p>The harbour office, {{eventName}}</p>',
    ].join(''),
  },
];

export async function seedDemoEmailTemplates(db: DbOrTx, eventId: string): Promise<void> {
  await db.insert(emailTemplates).values(
    DEMO_EMAIL_TEMPLATES.map((template) => ({
      eventId,
      ...template,
      createdBy: SYSTEM_ACTOR,
      updatedBy: SYSTEM_ACTOR,
    })),
  );
}
