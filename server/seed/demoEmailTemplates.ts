import { emailTemplates } from '../modules/emails/templateTables';
import type { DbOrTx } from '../platform/db/client';
import { SYSTEM_ACTOR } from '../platform/db/columns';

/**
 * One email in the demo event's own voice: the welcome an exhibitor with an account from another
 * event gets, so the template list shows a customised kind next to the defaults.
 */
export async function seedDemoEmailTemplates(db: DbOrTx, eventId: string): Promise<void> {
  await db.insert(emailTemplates).values({
    eventId,
    kind: 'existingWelcome',
    subject: 'Welcome back to the harbour, {{firstName}}',
    body: [
      '<p>Hello {{firstName}},</p>',
      '<p>Good to have you back: you have been added to {{eventName}}{{#teamName}} with {{teamName}}{{/teamName}}.</p>',
      '<p>Sign in with the email address and password you already use, and start with your task list.</p>',
    ].join(''),
    createdBy: SYSTEM_ACTOR,
    updatedBy: SYSTEM_ACTOR,
  });
}
