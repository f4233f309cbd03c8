import { z } from 'zod';
import { DEFAULT_NAV_COLOR, DEFAULT_TERMINOLOGY, TERMINOLOGY_KEYS, type TerminologyKey } from './terminology';

export { DEFAULT_NAV_COLOR, navThemeFor, TERMINOLOGY_KEYS, type TerminologyKey } from './terminology';

/**
 * Settings documents: one per event and name, each with the spec's defaults. A stored document is
 * parsed by its schema when written and when read; missing keys take their defaults, so adding a
 * setting later needs no data migration.
 */

export const LOCALES = [
  'en-GB',
  'en-US',
  'en-AU',
  'en-CA',
  'en-IE',
  'en-NZ',
  'en-ZA',
  'en-IN',
  'de-DE',
  'de-AT',
  'de-CH',
  'fr-FR',
  'fr-BE',
  'fr-CA',
  'fr-CH',
  'es-ES',
  'es-MX',
  'it-IT',
  'nl-NL',
  'nl-BE',
  'pt-PT',
  'pt-BR',
  'sv-SE',
  'da-DK',
  'nb-NO',
  'fi-FI',
  'pl-PL',
  'cs-CZ',
  'ja-JP',
  'zh-CN',
  'ko-KR',
  'ar-AE',
] as const;

/** Every IANA zone the runtime knows (the spec's "full time zone list"). */
export const TIME_ZONES: readonly string[] = Intl.supportedValuesOf('timeZone');
const timeZoneSet = new Set(TIME_ZONES);
export const timeZoneSchema = z
  .string()
  .refine((tz) => timeZoneSet.has(tz) || tz === 'UTC', { message: 'Choose a time zone from the list' });

export const COMMON_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'CNY'] as const;
export const CURRENCY_CODES: readonly string[] = Intl.supportedValuesOf('currency');

/** Calendar dates are stored as YYYY-MM-DD strings, read in the event's time zone. */
export const isoDateSchema = z.iso.date({ message: 'Enter a date as YYYY-MM-DD' });

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour as #RRGGBB');

export const brandingSchema = z.object({
  logo: z.string().default(''),
  invertedLogo: z.string().default(''),
  iconLogo: z.string().default(''),
  loginImage: z.string().default(''),
  navBgColor: hexColor.default(DEFAULT_NAV_COLOR),
  autoLogo: z.boolean().default(true),
  navTheme: z.enum(['light', 'dark']).default('dark'),
});

export const emailsSchema = z.object({
  supportEmail: z.string().default(''),
  fromEmail: z.string().default(''),
  taskRemindersEnabled: z.boolean().default(true),
  sendTaskRemindersTo: z.enum(['all-users', 'admin', 'team-leader']).default('all-users'),
});

export const eventSettingsSchema = z.object({
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  longName: z.string().default(''),
  shortName: z.string().default(''),
  eventName: z.string(),
  teamName: z.string().default(''),
  companyName: z.string().default(''),
  companyAddress: z.string().default(''),
  appUrl: z.string(),
  launchDate: isoDateSchema.optional(),
  timeZone: timeZoneSchema.default('Europe/London'),
  locale: z.enum(LOCALES).default('en-GB'),
});

export const featuredSchema = z.object({ contentIds: z.array(z.string()).default([]) });

export const onboardingSchema = z.object({
  showOnboarding: z.boolean().default(false),
  showGreeting: z.boolean().default(false),
  showSignature: z.boolean().default(false),
  showSurname: z.boolean().default(false),
  title: z.string().default('Welcome!'),
  description: z.string().default(''),
  salutation: z.string().default('Dear'),
  videoUrl: z.string().default(''),
  videoSourceType: z.enum(['youTube', 'vimeo']).default('youTube'),
});

export const terminologySchema = z.object(
  Object.fromEntries(TERMINOLOGY_KEYS.map((key) => [key, z.string().default(DEFAULT_TERMINOLOGY[key])])) as {
    [K in TerminologyKey]: z.ZodDefault<z.ZodString>;
  },
);

export const variablesSchema = z.object({
  teamMemberLimit: z.number().int().min(1).max(1000).default(15),
  dueSoonDays: z.number().int().min(0).max(365).default(30),
  currencyId: z
    .string()
    .refine((c) => CURRENCY_CODES.includes(c), { message: 'Choose a currency from the list' })
    .default('GBP'),
});

export const welcomeEmailSchema = z.object({
  paragraph1: z
    .string()
    .default(
      'Your team has been set up on the event portal, where you will find everything you need to prepare for the event.',
    ),
  paragraph2: z.string().default('Please set your password using the button below to get started.'),
  showParagraph1: z.boolean().default(true),
  showParagraph2: z.boolean().default(true),
});

export const SETTINGS_SCHEMAS = {
  branding: brandingSchema,
  emails: emailsSchema,
  event: eventSettingsSchema,
  featured: featuredSchema,
  onboarding: onboardingSchema,
  terminology: terminologySchema,
  variables: variablesSchema,
  welcomeEmail: welcomeEmailSchema,
} as const;
export type SettingsName = keyof typeof SETTINGS_SCHEMAS;
export const SETTINGS_NAMES = Object.keys(SETTINGS_SCHEMAS) as SettingsName[];
export type Settings<N extends SettingsName> = z.infer<(typeof SETTINGS_SCHEMAS)[N]>;

/** The spec's error texts for a document that is missing or fails its check. */
export const SETTINGS_ERRORS: Record<SettingsName, { missing: string; invalid: string }> = {
  branding: { missing: 'No branding settings found', invalid: 'Invalid branding' },
  emails: { missing: 'No emails settings found', invalid: 'Invalid emails' },
  event: { missing: 'No event settings found.', invalid: 'Invalid event' },
  featured: { missing: 'No feature pages settings found', invalid: 'Invalid featured pages' },
  onboarding: { missing: 'No onboarding settings found', invalid: 'Invalid onboarding' },
  terminology: { missing: 'No terminology settings found', invalid: 'Invalid terminology' },
  variables: { missing: 'No variables settings found', invalid: 'Invalid variables settings' },
  welcomeEmail: { missing: 'No welcome email settings found', invalid: 'Invalid welcome text' },
};
