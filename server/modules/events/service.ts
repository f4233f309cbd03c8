import { eq, sql } from 'drizzle-orm';
import type { NewEvent, ShellResponse } from '../../../shared/events/schema';
import type { Settings } from '../../../shared/events/settings';
import type { EditableSettingsName } from '../../../shared/events/settingsApi';
import { semanticVersionSchema } from '../../../shared/events/version';
import { openAreas } from '../../../shared/people/memberAreas';
import { APP_VERSION } from '../../../shared/ui/constants';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { accounts } from '../auth/tables';
import { findMembership } from '../membership/queries';
import { readSettingsMany, writeDefaultSettings } from './settingsStore';
import { events } from './tables';

/** Creates an event with every settings document at its defaults. */
export async function createEvent(tx: DbOrTx, input: NewEvent, actor: string): Promise<string> {
  const [event] = await tx
    .insert(events)
    .values({
      name: input.eventName,
      // Spec: an event's version is a semantic version; a build with a malformed one fails here.
      version: semanticVersionSchema.parse(APP_VERSION),
      appUrl: input.appUrl,
      createdBy: actor,
      updatedBy: actor,
    })
    .returning({ id: events.id });
  await writeDefaultSettings(
    tx,
    event.id,
    {
      eventName: input.eventName,
      shortName: input.shortName,
      longName: input.eventName,
      startDate: input.startDate,
      endDate: input.endDate,
      timeZone: input.timeZone,
      appUrl: input.appUrl,
      locale: 'en-GB',
      teamName: '',
      companyName: '',
      companyAddress: '',
    },
    actor,
  );
  return event.id;
}

/** First-run setup is offered only while the platform has no account at all. */
export async function isSetupRequired(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(accounts).limit(1);
  return !row;
}

export async function getEvent(db: DbOrTx, eventId: string) {
  const [row] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  if (!row) throw notFound('Event ID not found');
  return row;
}

export async function getShell(db: DbOrTx, eventId: string, accountId: string): Promise<ShellResponse> {
  const [docs, membership] = await Promise.all([
    readSettingsMany(db, eventId, ['event', 'branding', 'terminology', 'emails', 'onboarding']),
    findMembership(db, eventId, accountId),
  ]);
  if (!membership) throw notFound('Event ID not found');
  const { event, branding, terminology, emails, onboarding } = docs;
  const root = await getEvent(db, eventId);
  return {
    event: {
      id: eventId,
      eventName: event.eventName,
      shortName: event.shortName,
      longName: event.longName,
      startDate: event.startDate,
      endDate: event.endDate,
      timeZone: event.timeZone,
      locale: event.locale,
      appUrl: root.appUrl,
      teamName: event.teamName,
    },
    branding,
    terminology,
    onboarding,
    supportEmail: emails.supportEmail,
    membership: {
      permissions: membership.permissions,
      isOnboarded: membership.isOnboarded,
      hasLoggedIn: membership.hasLoggedIn,
      lastLoginInTime: membership.lastLoginInTime?.toISOString() ?? null,
      areas: openAreas({ ...membership, memberAreas: membership.memberAreas ?? null }),
    },
  };
}

/**
 * What other areas do after a settings document changed through the settings route, outside its
 * transaction: branding releases the uploaded images it no longer uses. One hook per document,
 * registered by its area at start-up (the areas depend on events, never the other way round).
 */
type SettingsSaved<N extends EditableSettingsName> = (
  ctx: AppContext,
  eventId: string,
  before: Settings<N>,
  after: Settings<N>,
) => Promise<void>;

const hooks = new Map<EditableSettingsName, SettingsSaved<EditableSettingsName>>();

export function onSettingsSaved<N extends EditableSettingsName>(name: N, hook: SettingsSaved<N>): void {
  hooks.set(name, hook as unknown as SettingsSaved<EditableSettingsName>);
}

export function hasSettingsHook(name: EditableSettingsName): boolean {
  return hooks.has(name);
}

export async function settingsSaved<N extends EditableSettingsName>(
  ctx: AppContext,
  eventId: string,
  name: N,
  before: Settings<N>,
  after: Settings<N>,
): Promise<void> {
  await hooks.get(name)?.(ctx, eventId, before, after);
}
