import { z } from 'zod';
import { listQuerySchema, pagedSchema } from '../people/schema';
import { LINK_KINDS } from './schema';

/**
 * The HTTP contract of the time table: params, list queries and answers. The request bodies are
 * the rules' own schemas in schema.ts; the routes (method, path, types) are in routes.ts.
 */

export const sessionParamsSchema = z.object({ eventId: z.uuid(), sessionId: z.uuid() });
export const trackParamsSchema = z.object({ eventId: z.uuid(), trackId: z.uuid() });
/** The token is checked against its hash only; any other shape is simply not found. */
export const publicFeedParamsSchema = z.object({ eventId: z.string(), token: z.string() });

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a day such as 2027-03-01');

export const SESSION_SORTS = ['startsAt', 'title', 'location'] as const;
export const sessionListQuerySchema = listQuerySchema(SESSION_SORTS, 'startsAt').extend({
  day: day.optional(),
  /** A track's id, or 'none' for sessions without a track. */
  trackId: z.union([z.uuid(), z.literal('none')]).optional(),
  /** Sessions that teams of this type see (unrestricted ones and those restricted to it). */
  teamTypeId: z.uuid().optional(),
});
export type SessionListQuery = z.input<typeof sessionListQuerySchema>;

export const trackSchema = z.object({ id: z.uuid(), name: z.string(), color: z.string() });
export type Track = z.infer<typeof trackSchema>;
export const trackRowSchema = trackSchema.extend({ sessionsCount: z.number().int() });
export type TrackRow = z.infer<typeof trackRowSchema>;
export const trackListResponseSchema = z.object({ items: z.array(trackRowSchema) });

const linkSchema = z.object({ kind: z.enum(LINK_KINDS), id: z.uuid() });

export const sessionSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  location: z.string(),
  trackId: z.uuid().nullable(),
  teamTypeIds: z.array(z.uuid()),
  showToChildTeams: z.boolean(),
  link: linkSchema.nullable(),
  updatedAt: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionListResponseSchema = pagedSchema(sessionSchema).extend({
  /** Every day that has a session (before filters), for the day filter. */
  days: z.array(z.string()),
});
export type SessionListResponse = z.infer<typeof sessionListResponseSchema>;

/** A session as a team reads it: its track resolved, its link with a title and the page to open. */
export const mySessionSchema = sessionSchema
  .pick({ id: true, title: true, description: true, startsAt: true, endsAt: true, location: true })
  .extend({
    track: trackSchema.nullable(),
    link: linkSchema.extend({ title: z.string(), path: z.string() }).nullable(),
  });
export type MySession = z.infer<typeof mySessionSchema>;

export const myTimeTableResponseSchema = z.object({
  timeZone: z.string(),
  /**
   * Whether the Time Table page is published: organisers see the sessions before it is, and the
   * dashboard shows the team's next sessions only once it is.
   */
  isPublished: z.boolean(),
  tracks: z.array(trackSchema),
  /** Visible sessions, by start then title. */
  sessions: z.array(mySessionSchema),
});
export type MyTimeTable = z.infer<typeof myTimeTableResponseSchema>;

/** The caller's private feed: whether one is on (its address is shown only when made). */
export const feedStatusSchema = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type FeedStatus = z.infer<typeof feedStatusSchema>;
export const feedCreatedSchema = z.object({ address: z.string(), createdAt: z.string() });
export type FeedCreated = z.infer<typeof feedCreatedSchema>;

/** What a session may link to: the event's content pages, forms and tasks that are not archived. */
const linkOption = z.object({ id: z.uuid(), title: z.string() });
export const linkOptionsResponseSchema = z.object({
  content: z.array(linkOption),
  form: z.array(linkOption),
  task: z.array(linkOption),
});
export type LinkOptions = z.infer<typeof linkOptionsResponseSchema>;
