import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { MailAddress } from '../../platform/mail/mailer';
import { readSettingsMany } from '../events/settingsStore';
import { events } from '../events/tables';

export type Sending = {
  /** The event's fromEmail under the event's name, else MAIL_FROM. */
  from: MailAddress;
  /** Where the tracking links point (the event's app URL, else PUBLIC_URL); none, no tracking. */
  trackingBase: string | null;
};

/**
 * How an email of an event is sent (spec: settings, emails: fromEmail): read at every send, so a
 * changed setting applies to the emails still queued. Emails of no event (setup, platform
 * accounts) keep MAIL_FROM.
 */
export async function sendingFor(ctx: AppContext, eventId: string | null): Promise<Sending> {
  const fallback = { from: ctx.config.mailFrom, trackingBase: ctx.config.publicUrl ?? null };
  if (!eventId) return fallback;
  const [[event], settings] = await Promise.all([
    ctx.db.select({ appUrl: events.appUrl }).from(events).where(eq(events.id, eventId)).limit(1),
    readSettingsMany(ctx.db, eventId, ['emails', 'event'] as const).catch(() => null),
  ]);
  const fromEmail = settings?.emails.fromEmail.trim() ?? '';
  return {
    from: fromEmail ? { name: settings?.event.eventName ?? '', address: fromEmail } : fallback.from,
    trackingBase: event?.appUrl || fallback.trackingBase,
  };
}
