import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { notFound } from '../../../platform/http/errors';
import { issueToken, linkTokenPlaceholder } from '../../auth/tokens/service';
import { queueEmail } from '../../emails/service';
import { renderEmail } from '../../emails/templates/email';
import { emailLook } from '../../emails/templates/queries';
import { readSettings } from '../../events/settingsStore';
import { events } from '../../events/tables';
import { memberships, teams } from '../tables';

/** Where the emailed links land (the same pages the identity emails use). */
const SIGN_IN_PATH = '/auth/login';
const SET_PASSWORD_PATH = '/auth/set-password';

async function eventBasics(tx: DbOrTx, eventId: string) {
  const [event] = await tx.select({ appUrl: events.appUrl }).from(events).where(eq(events.id, eventId));
  if (!event) throw notFound('Event ID not found');
  const { eventName } = await readSettings(tx, eventId, 'event');
  return { appUrl: event.appUrl, eventName };
}

type Person = { accountId: string; firstName: string; email: string };

/**
 * The "existing welcome": an account that already has a password joins this event (or a team in
 * it). It gets a sign-in link, never a set-password link, which would let a link reset a password.
 */
export async function queueExistingWelcome(
  tx: DbOrTx,
  eventId: string,
  person: Person,
  actor: string,
): Promise<string> {
  const { appUrl, eventName } = await eventBasics(tx, eventId);
  // Called after the person joined their team, so the membership names it.
  const [team] = await tx
    .select({ name: teams.name })
    .from(memberships)
    .innerJoin(teams, and(eq(teams.eventId, eventId), eq(teams.id, memberships.teamId)))
    .where(and(eq(memberships.eventId, eventId), eq(memberships.accountId, person.accountId)))
    .limit(1);
  const link = `${appUrl}${SIGN_IN_PATH}`;
  const content = renderEmail(
    'existingWelcome',
    {
      eventName,
      firstName: person.firstName,
      link,
      teamName: team?.name,
    },
    await emailLook(tx, { eventId }, 'existingWelcome'),
  );
  return queueEmail(tx, { eventId, kind: 'existingWelcome', to: person.email, content, actor });
}

/**
 * sendWelcomeChaser: a reminder to someone who has never signed in to the event. Without a password
 * it carries a new set-password link (earlier unused links stop working); with one, a sign-in link.
 */
export async function queueWelcomeChaser(
  tx: DbOrTx,
  eventId: string,
  person: Person & { hasPassword: boolean },
  actor: string,
): Promise<string> {
  const { appUrl, eventName } = await eventBasics(tx, eventId);
  let link = `${appUrl}${SIGN_IN_PATH}`;
  if (!person.hasPassword) {
    const { id } = await issueToken(tx, {
      accountId: person.accountId,
      eventId,
      mode: 'setPassword',
      actor,
    });
    link = `${appUrl}${SET_PASSWORD_PATH}?token=${linkTokenPlaceholder(id)}`;
  }
  const content = renderEmail(
    'welcomeChaser',
    {
      eventName,
      firstName: person.firstName,
      link,
      signIn: person.hasPassword,
    },
    await emailLook(tx, { eventId }, 'welcomeChaser'),
  );
  return queueEmail(tx, { eventId, kind: 'welcomeChaser', to: person.email, content, actor });
}
