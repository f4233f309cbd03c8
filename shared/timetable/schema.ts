import { z } from 'zod';
import { isLocalDateTime, wallMinutesBetween } from './zone';

/**
 * The time table's rules (decision 0016): a session is a titled slot of the event's programme with
 * a local start and end in the event's time zone, a place, an optional track (a coloured
 * category), who sees it (everyone or some team types; stand shares or not) and an optional link
 * to a content page, form or task of the event.
 */

export const TIMETABLE_ERRORS = {
  invalidSession: 'Invalid session values',
  sessionNotFound: 'Session not found',
  invalidTrack: 'Invalid track values',
  trackNotFound: 'Track not found',
  trackNameTaken: 'A track with this name already exists',
  feedNotFound: 'Calendar feed not found',
} as const;

export const TIMETABLE_LABELS = {
  title: 'Title',
  description: 'Description',
  startsAt: 'Starts',
  endsAt: 'Ends',
  location: 'Location',
  trackId: 'Track',
  teamTypeIds: 'Restrict to certain team types',
  teamTypeIdsHint: 'Leave empty to show the session to all team types.',
  showToChildTeams: 'Show to stand shares?',
  link: 'Link to',
  trackName: 'Track name',
  trackColor: 'Colour',
} as const;

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const LOCATION_MAX = 200;
/** A session longer than two weeks is a typo, not a programme slot. */
export const MAX_SESSION_MINUTES = 14 * 24 * 60;

/** Track colours: a hex colour, shown as a swatch beside the track's name (never alone). */
export const TRACK_COLOR_PATTERN = /^#[0-9a-f]{6}$/i;
export const TRACK_COLORS = [
  '#1c7ed6',
  '#2f9e44',
  '#e8590c',
  '#ae3ec9',
  '#c92a2a',
  '#0c8599',
  '#f08c00',
  '#495057',
] as const;

export const trackBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'Enter a track name').max(80, 'At most 80 characters'),
  color: z
    .string()
    .regex(TRACK_COLOR_PATTERN, 'Choose a colour such as #1c7ed6')
    .transform((c) => c.toLowerCase()),
});
export type TrackBody = z.input<typeof trackBodySchema>;

export const LINK_KINDS = ['content', 'form', 'task'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];
export const LINK_KIND_LABELS: Record<LinkKind, string> = {
  content: 'Content page',
  form: 'Form',
  task: 'Task',
};

const localDateTime = (message: string) => z.string({ message }).refine(isLocalDateTime, { message });

export const sessionBodySchema = z
  .strictObject({
    title: z.string().trim().min(1, 'Enter a title').max(TITLE_MAX, `At most ${TITLE_MAX} characters`),
    description: z.string().trim().max(DESCRIPTION_MAX).default(''),
    startsAt: localDateTime('Enter a start date and time'),
    endsAt: localDateTime('Enter an end date and time'),
    location: z.string().trim().max(LOCATION_MAX).default(''),
    trackId: z.uuid({ message: 'Choose a track from the list' }).nullable().default(null),
    teamTypeIds: z
      .array(z.uuid())
      .max(200)
      .default(() => []),
    showToChildTeams: z.boolean().default(true),
    link: z
      .strictObject({ kind: z.enum(LINK_KINDS), id: z.uuid() })
      .nullable()
      .default(null),
  })
  .superRefine((s, ctx) => {
    const minutes = wallMinutesBetween(s.startsAt, s.endsAt);
    if (Number.isNaN(minutes)) return;
    if (minutes <= 0) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'End after the start' });
    else if (minutes > MAX_SESSION_MINUTES) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'A session lasts at most 14 days' });
    }
  });
export type SessionBody = z.input<typeof sessionBodySchema>;
export type SessionValues = z.output<typeof sessionBodySchema>;
