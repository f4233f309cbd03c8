import { and, eq } from 'drizzle-orm';
import type { TemplateKindId } from '../../../../shared/emails/templatesApi';
import type { DbOrTx } from '../../../platform/db/client';
import type { EventScope } from '../../../platform/http/actor';
import { readSettingsMany } from '../../events/settingsStore';
import { events } from '../../events/tables';
import type { EmailLook } from './email';
import { emailTemplates } from './tables';

/** A logo stored as a path of this portal becomes absolute: the email is read outside it. */
function absoluteUrl(appUrl: string, url: string): string {
  if (url === '' || /^https?:\/\//i.test(url)) return url;
  return `${appUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

/** The event's customised template of a kind, if any. */
export async function findTemplate(db: DbOrTx, scope: EventScope, kind: TemplateKindId) {
  const { eventId } = scope;
  const [row] = await db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.eventId, eventId), eq(emailTemplates.kind, kind)))
    .limit(1);
  return row ?? null;
}

/** Everything an event adds to an email of this kind: its wording, logo, colour and welcome text. */
export async function emailLook(db: DbOrTx, scope: EventScope, kind: TemplateKindId): Promise<EmailLook> {
  const { eventId } = scope;
  // One after another: inside a transaction the queries share one connection anyway.
  const template = await findTemplate(db, scope, kind);
  const settings = await readSettingsMany(db, eventId, ['branding', 'welcomeEmail']);
  const [event] = await db
    .select({ appUrl: events.appUrl })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  return {
    template: template ? { subject: template.subject, body: template.body } : null,
    logoUrl: absoluteUrl(event?.appUrl ?? '', settings.branding.logo),
    colour: settings.branding.navBgColor,
    welcome: settings.welcomeEmail,
  };
}
