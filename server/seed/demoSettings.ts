import { writeSettings } from '../modules/events/settingsStore';
import type { Db } from '../platform/db/client';

function isoDate(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The demo event's settings, written through the same path as the admin screens so they pass the
 * same checks. Onboarding text is filled in but left switched off: a demo signs straight in.
 */
export async function seedDemoSettings(db: Db, eventId: string): Promise<void> {
  await writeSettings(
    db,
    eventId,
    'event',
    {
      longName: 'Harbourside Food & Drink Expo 2027 — three days of makers, growers and chefs',
      teamName: 'The Harbourside Expo Team',
      companyName: 'Harbourside Events Ltd',
      companyAddress: 'Pier Building, 1 Quay Street\nBristol BS1 4QA\nUnited Kingdom',
      launchDate: isoDate(-100),
    },
    'system',
  );
  await writeSettings(
    db,
    eventId,
    'emails',
    { supportEmail: 'exhibitors@harbourside-expo.example', fromEmail: 'hello@harbourside-expo.example' },
    'system',
  );
  await writeSettings(db, eventId, 'branding', { navBgColor: '#0b4f6c' }, 'system');
  await writeSettings(
    db,
    eventId,
    'onboarding',
    {
      showOnboarding: false,
      showGreeting: true,
      showSignature: true,
      title: 'Welcome to Harbourside Expo!',
      description:
        'Thank you for exhibiting with us. This portal has everything your team needs before the doors open: your tasks and their deadlines, the forms we need from you, and the people to ask.\n\nStart with your tasks: the ones due soon are at the top.',
    },
    'system',
  );
}
