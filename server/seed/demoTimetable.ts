import { and, eq } from 'drizzle-orm';
import { addCalendarDays } from '../../shared/tasks/dueStatus';
import { readSettings } from '../modules/events/settingsStore';
import { teamTypes } from '../modules/people/tables';
import { updateCorePage } from '../modules/portal/structure/service';
import { createSession } from '../modules/timetable/sessions/service';
import { createTrack } from '../modules/timetable/tracks/service';
import type { AppContext } from '../platform/context';
import { SYSTEM_ACTOR } from '../platform/db/columns';
import { systemActor } from '../platform/http/actor';

/**
 * The demo programme: two build-up days, the three show days and a breakdown day, set around the
 * event's own dates, in five tracks. One session (the caterers' food safety walk-round) is shown to
 * one team type only, and the stand-holders' meeting is not shown to stand shares. The Time Table
 * core page is published so the demo's teams see it.
 */

const TRACKS = {
  buildUp: ['Build-up', '#e8590c'],
  deliveries: ['Deliveries', '#ae3ec9'],
  briefings: ['Briefings', '#2f9e44'],
  show: ['Show', '#1c7ed6'],
  breakdown: ['Breakdown', '#495057'],
} as const;
type TrackKey = keyof typeof TRACKS;

type DemoSession = {
  /** Days from the show's first day (negative: build-up). */
  day: number;
  from: string;
  to: string;
  /** The end is on the next day (an overnight slot). */
  overnight?: boolean;
  title: string;
  location: string;
  track: TrackKey;
  description?: string;
  onlyFor?: string;
  notForStandShares?: boolean;
};

const SESSIONS: DemoSession[] = [
  {
    day: -2,
    from: '07:00',
    to: '20:00',
    title: 'Space-only stand build',
    location: 'Halls 1–3',
    track: 'buildUp',
    description:
      'Space-only stands only. Stand builders sign in at the Gate B build office; hard hats and hi-vis at all times.',
  },
  {
    day: -2,
    from: '07:30',
    to: '08:00',
    title: 'Site safety induction',
    location: 'Build office, Gate B',
    track: 'briefings',
    description: 'Compulsory for every contractor before starting work on site.',
  },
  {
    day: -2,
    from: '08:00',
    to: '12:00',
    title: 'Freight and heavy exhibits',
    location: 'Loading bay 1',
    track: 'deliveries',
    description: 'Forklift slots booked through the logistics form. Vehicles over 7.5 t by appointment only.',
  },
  {
    day: -2,
    from: '20:00',
    to: '06:00',
    overnight: true,
    title: 'Overnight carpet laying',
    location: 'Halls 1–3',
    track: 'buildUp',
    description: 'Aisles are closed to all traffic while carpets go down.',
  },
  {
    day: -1,
    from: '08:00',
    to: '20:00',
    title: 'Shell scheme stands open to exhibitors',
    location: 'Halls 1–3',
    track: 'buildUp',
  },
  {
    day: -1,
    from: '09:00',
    to: '17:00',
    title: 'Exhibitor deliveries',
    location: 'Loading bays 1–2',
    track: 'deliveries',
    description: 'Van and car deliveries; 30 minutes unloading, then move to the car park.',
  },
  {
    day: -1,
    from: '10:00',
    to: '11:00',
    title: 'Food safety walk-round',
    location: 'Street-food court',
    track: 'briefings',
    description:
      'Environmental health officers visit every catering stand. Have your hygiene certificate and temperature logs to hand.',
    onlyFor: 'Caterer',
  },
  {
    day: -1,
    from: '16:00',
    to: '16:45',
    title: 'Stand holders meeting',
    location: 'Seminar room 2',
    track: 'briefings',
    description: 'Opening-day timings, security and the evacuation plan.',
    notForStandShares: true,
  },
  {
    day: -1,
    from: '20:00',
    to: '21:00',
    title: 'Final stand checks',
    location: 'Halls 1–3',
    track: 'buildUp',
    description: 'Aisles must be clear of packaging and tools by 21:00.',
  },
  {
    day: 0,
    from: '08:00',
    to: '09:30',
    title: 'Exhibitor access',
    location: 'Exhibitor entrance, Gate A',
    track: 'show',
  },
  { day: 0, from: '09:30', to: '10:00', title: 'Opening ceremony', location: 'Main stage', track: 'show' },
  {
    day: 0,
    from: '10:00',
    to: '18:00',
    title: 'Doors open to trade visitors',
    location: 'Halls 1–3',
    track: 'show',
  },
  {
    day: 0,
    from: '18:30',
    to: '21:00',
    title: 'Exhibitor welcome reception',
    location: 'Harbour terrace',
    track: 'show',
    description: 'Drinks and canapés from our catering partners; bring your badge.',
  },
  {
    day: 1,
    from: '07:00',
    to: '09:00',
    title: 'Stock replenishment',
    location: 'Loading bay 2',
    track: 'deliveries',
  },
  { day: 1, from: '10:00', to: '18:00', title: 'Doors open', location: 'Halls 1–3', track: 'show' },
  { day: 1, from: '14:00', to: '15:00', title: 'Award judging', location: 'All stands', track: 'show' },
  { day: 2, from: '10:00', to: '16:00', title: 'Doors open', location: 'Halls 1–3', track: 'show' },
  {
    day: 2,
    from: '16:00',
    to: '16:30',
    title: 'Breakdown briefing',
    location: 'Seminar room 2',
    track: 'briefings',
    description: 'Nothing leaves a stand before 16:30: the aisles stay safe for the last visitors.',
  },
  {
    day: 2,
    from: '16:30',
    to: '23:00',
    title: 'Breakdown: stand contents',
    location: 'Halls 1–3',
    track: 'breakdown',
    description: 'Exhibitors remove stock and graphics; vans to the loading bays in the order called.',
  },
  {
    day: 3,
    from: '07:00',
    to: '18:00',
    title: 'Breakdown: stand structures',
    location: 'Halls 1–3',
    track: 'breakdown',
    description: 'Stand builders only. Halls must be clear by 18:00.',
  },
];

export async function seedDemoTimetable(ctx: AppContext, eventId: string): Promise<number> {
  const { startDate } = await readSettings(ctx.db, eventId, 'event');
  const trackIds = {} as Record<TrackKey, string>;
  for (const [key, [name, color]] of Object.entries(TRACKS) as [TrackKey, readonly [string, string]][]) {
    trackIds[key] = (await createTrack(ctx.db, eventId, { name, color }, SYSTEM_ACTOR)).id;
  }
  const types = new Map(
    (
      await ctx.db
        .select({ id: teamTypes.id, name: teamTypes.name })
        .from(teamTypes)
        .where(and(eq(teamTypes.eventId, eventId)))
    ).map((t) => [t.name, t.id]),
  );
  for (const s of SESSIONS) {
    const day = addCalendarDays(startDate, s.day);
    const endDay = s.overnight ? addCalendarDays(day, 1) : day;
    const onlyFor = s.onlyFor ? types.get(s.onlyFor) : undefined;
    await createSession(
      ctx.db,
      eventId,
      {
        title: s.title,
        description: s.description ?? '',
        startsAt: `${day}T${s.from}`,
        endsAt: `${endDay}T${s.to}`,
        location: s.location,
        trackId: trackIds[s.track],
        teamTypeIds: onlyFor ? [onlyFor] : [],
        showToChildTeams: !s.notForStandShares,
      },
      SYSTEM_ACTOR,
    );
  }
  await updateCorePage(ctx.db, systemActor(eventId), 'timeTable', {
    title: '',
    icon: 'calendar',
    isPublished: true,
  });
  return SESSIONS.length;
}
