import { type EmailContent, type EmailLook, renderTemplate, SafeHtml } from '../emails/templates/email';

/**
 * The 'admin notification' email (spec: default title 'You have a new notification'): the
 * notification's title and its sanitised description, and a button to the portal's notifications,
 * in the event's template of the kind (server/modules/emails/templates/defaults.ts by default).
 */

export function renderNotificationEmail(
  input: {
    eventName: string;
    appUrl: string;
    firstName: string;
    title: string;
    /** Already sanitised by the save (server/modules/content/sanitize.ts). */
    description: string;
  },
  look: EmailLook = {},
): EmailContent {
  return renderTemplate(
    'adminNotification',
    {
      eventName: input.eventName,
      firstName: input.firstName,
      notificationTitle: input.title,
      notificationBody: new SafeHtml(input.description),
      link: `${input.appUrl.replace(/\/+$/, '')}/notifications`,
    },
    look,
  );
}
