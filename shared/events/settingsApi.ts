import { z } from 'zod';
import { emailSchema } from '../auth/schema';
import { isBrandingFileUrl } from '../branding/schema';
import {
  brandingSchema,
  emailsSchema,
  eventSettingsSchema,
  isoDateSchema,
  LOCALES,
  onboardingSchema,
  type Settings,
  terminologySchema,
  timeZoneSchema,
  variablesSchema,
  welcomeEmailSchema,
} from './settings';
import { VIDEO_GUIDANCE, videoEmbedUrl } from './video';

/**
 * The settings an admin edits through `/api/events/:eventId/settings/:name`. `featured` is left
 * out: it is chosen among content pages, which arrive with the content area.
 */
export const EDITABLE_SETTINGS = [
  'event',
  'variables',
  'emails',
  'onboarding',
  'terminology',
  'branding',
  'welcomeEmail',
] as const;
export type EditableSettingsName = (typeof EDITABLE_SETTINGS)[number];

export const settingsParamsSchema = z.strictObject({ eventId: z.uuid(), name: z.enum(EDITABLE_SETTINGS) });

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
const required = (max: number) => text(max).min(1, 'Required');
/** An empty text clears an address; anything else must be an email address. */
const optionalEmail = z.union([z.literal(''), emailSchema]);
/** Branding images: an outside address, or an uploaded branding file's public path; empty means none. */
const imageUrl = z.union([
  z.literal(''),
  z.string().refine(isBrandingFileUrl),
  z.url({ protocol: /^https?$/, message: 'Enter the full address, starting with http:// or https://' }),
]);

/**
 * What each PUT may send: every key optional (the stored document is merged with it), unknown
 * keys refused. `appUrl` (read-only) and branding's `navTheme` (derived from the colour) are not
 * inputs, so sending them is refused as an unknown key.
 */
export const SETTINGS_INPUT_SCHEMAS = {
  event: z
    .strictObject({
      startDate: isoDateSchema,
      endDate: isoDateSchema,
      eventName: required(200),
      shortName: required(50),
      longName: text(300),
      teamName: text(200),
      companyName: text(200),
      companyAddress: text(500),
      // null clears it: the launch date is the one optional date of the document.
      launchDate: isoDateSchema.nullable(),
      timeZone: timeZoneSchema,
      locale: z.enum(LOCALES, { message: 'Choose a locale from the list' }),
    })
    .partial(),
  variables: z
    .strictObject({
      teamMemberLimit: variablesSchema.shape.teamMemberLimit.unwrap(),
      dueSoonDays: variablesSchema.shape.dueSoonDays.unwrap(),
      currencyId: variablesSchema.shape.currencyId.unwrap(),
    })
    .partial(),
  emails: z
    .strictObject({
      supportEmail: optionalEmail,
      fromEmail: optionalEmail,
      taskRemindersEnabled: z.boolean(),
      sendTaskRemindersTo: emailsSchema.shape.sendTaskRemindersTo.unwrap(),
    })
    .partial(),
  onboarding: z
    .strictObject({
      showOnboarding: z.boolean(),
      showGreeting: z.boolean(),
      showSignature: z.boolean(),
      showSurname: z.boolean(),
      title: text(200),
      description: text(5000),
      salutation: text(50),
      videoUrl: text(500),
      videoSourceType: onboardingSchema.shape.videoSourceType.unwrap(),
    })
    .partial(),
  terminology: z
    .strictObject({
      dashboard: required(40),
      downloads: required(40),
      forms: required(40),
      notifications: required(40),
      suppliers: required(40),
      tasks: required(40),
      timeTable: required(40),
    })
    .partial(),
  branding: z
    .strictObject({
      logo: imageUrl,
      invertedLogo: imageUrl,
      iconLogo: imageUrl,
      loginImage: imageUrl,
      navBgColor: brandingSchema.shape.navBgColor.unwrap(),
      autoLogo: z.boolean(),
    })
    .partial(),
  welcomeEmail: z
    .strictObject({
      paragraph1: text(2000),
      paragraph2: text(2000),
      showParagraph1: z.boolean(),
      showParagraph2: z.boolean(),
    })
    .partial(),
} as const satisfies Record<EditableSettingsName, z.ZodType>;

export type SettingsInput<N extends EditableSettingsName> = z.infer<(typeof SETTINGS_INPUT_SCHEMAS)[N]>;

export type SettingsIssue = { path: string[]; message: string };

/** Rules across fields of a merged document, checked on the server and in the screens alike. */
export function checkSettings<N extends EditableSettingsName>(name: N, doc: Settings<N>): SettingsIssue[] {
  if (name === 'event') {
    const event = doc as Settings<'event'>;
    if (event.endDate < event.startDate) {
      return [{ path: ['endDate'], message: 'The end date must be on or after the start date' }];
    }
  }
  if (name === 'onboarding') {
    const onboarding = doc as Settings<'onboarding'>;
    if (onboarding.videoUrl && !videoEmbedUrl(onboarding.videoSourceType, onboarding.videoUrl)) {
      return [{ path: ['videoUrl'], message: VIDEO_GUIDANCE[onboarding.videoSourceType] }];
    }
  }
  return [];
}

/** Every answer names its document, so one route can answer any of them with a typed body. */
export const settingsResponseSchema = z.discriminatedUnion('name', [
  z.object({ name: z.literal('event'), settings: eventSettingsSchema }),
  z.object({ name: z.literal('variables'), settings: variablesSchema }),
  z.object({ name: z.literal('emails'), settings: emailsSchema }),
  z.object({ name: z.literal('onboarding'), settings: onboardingSchema }),
  z.object({ name: z.literal('terminology'), settings: terminologySchema }),
  z.object({ name: z.literal('branding'), settings: brandingSchema }),
  z.object({ name: z.literal('welcomeEmail'), settings: welcomeEmailSchema }),
]);
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

export const onboardedResponseSchema = z.object({ isOnboarded: z.literal(true) });
