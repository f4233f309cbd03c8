import { z } from 'zod';
import { PERMISSIONS } from '../auth/permissions';
import { emailSchema, newPasswordSchema, personNameSchema } from '../auth/schema';
import { MEMBER_AREAS } from '../people/memberAreas';
import {
  brandingSchema,
  isoDateSchema,
  onboardingSchema,
  terminologySchema,
  timeZoneSchema,
} from './settings';

export const eventIdParamsSchema = z.strictObject({ eventId: z.uuid() });

export const appUrlSchema = z
  .url({ protocol: /^https?$/, message: 'Enter the full address, starting with http:// or https://' })
  .transform((u) => u.replace(/\/+$/, ''));

/** A new event: used by first-run setup and by the CLI. */
export const newEventSchema = z
  .strictObject({
    eventName: z.string().trim().min(1, 'Required').max(200),
    shortName: z.string().trim().min(1, 'Required').max(50),
    startDate: isoDateSchema,
    endDate: isoDateSchema,
    timeZone: timeZoneSchema,
    appUrl: appUrlSchema,
  })
  .refine((e) => e.endDate >= e.startDate, {
    path: ['endDate'],
    message: 'The end date must be on or after the start date',
  });
export type NewEvent = z.infer<typeof newEventSchema>;

/** GET /api/setup: the first-run form's defaults while no account exists, then `required: false`. */
export const setupStatusSchema = z.discriminatedUnion('required', [
  z.object({ required: z.literal(true), defaultAppUrl: z.string() }),
  z.object({ required: z.literal(false) }),
]);

export const setupBodySchema = z.strictObject({
  firstName: personNameSchema,
  surname: personNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  event: newEventSchema,
});
export type SetupBody = z.infer<typeof setupBodySchema>;
export const createdEventSchema = z.object({ eventId: z.uuid(), userId: z.uuid() });

/** What the signed-in shell needs to draw itself for one event. */
export const shellResponseSchema = z.object({
  event: z.object({
    id: z.uuid(),
    eventName: z.string(),
    shortName: z.string(),
    longName: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    timeZone: z.string(),
    locale: z.string(),
    appUrl: z.string(),
    teamName: z.string(),
  }),
  branding: brandingSchema,
  terminology: terminologySchema,
  /** The welcome screen: the layout sends a member there until they are onboarded. */
  onboarding: onboardingSchema,
  supportEmail: z.string(),
  membership: z.object({
    permissions: z.enum(PERMISSIONS),
    isOnboarded: z.boolean(),
    hasLoggedIn: z.boolean(),
    lastLoginInTime: z.string().nullable(),
    /** The member areas this person opens (decision 0034); the sidebar and the cards follow it. */
    areas: z.array(z.enum(MEMBER_AREAS)),
  }),
});
export type ShellResponse = z.infer<typeof shellResponseSchema>;

export { CORE_PAGES, type CorePageId } from './corePageList';
