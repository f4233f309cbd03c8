import { z } from 'zod';
import { PERMISSIONS } from './permissions';

/** Emails are trimmed and stored lower-case everywhere. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'The email address provided is invalid.' }).max(254));

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Length is checked here; the server also refuses the most common passwords (auth/weak-password). */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);

export const personNameSchema = z.string().trim().min(1, 'Required').max(100);

export const loginBodySchema = z.strictObject({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().max(PASSWORD_MAX),
  /** The event to sign in to; defaults to the account's most recently used event. */
  eventId: z.uuid().optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const forgotPasswordBodySchema = z.strictObject({ email: emailSchema, eventId: z.uuid().optional() });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const TOKEN_MODES = ['setPassword', 'resetPassword', 'verifyAndChangeEmail'] as const;
export type TokenMode = (typeof TOKEN_MODES)[number];

export const tokenSchema = z.string().min(20).max(200);
export const verifyTokenBodySchema = z.strictObject({ token: tokenSchema, mode: z.enum(TOKEN_MODES) });
export const verifyTokenResponseSchema = z.object({ mode: z.enum(TOKEN_MODES), email: z.string() });
export type VerifyTokenResponse = z.infer<typeof verifyTokenResponseSchema>;

export const passwordWithTokenBodySchema = z.strictObject({
  token: tokenSchema,
  password: newPasswordSchema,
});
export type PasswordWithTokenBody = z.infer<typeof passwordWithTokenBodySchema>;

export const updateEmailBodySchema = z.strictObject({ token: tokenSchema });
export const emailResponseSchema = z.object({ email: z.string() });

export const updateProfileBodySchema = z.strictObject({
  firstName: personNameSchema,
  surname: personNameSchema,
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const emailChangeBodySchema = z.strictObject({
  newEmail: emailSchema,
  password: z.string().max(PASSWORD_MAX),
});
export type EmailChangeBody = z.infer<typeof emailChangeBodySchema>;

export const currentEventBodySchema = z.strictObject({ eventId: z.uuid() });

export const okResponseSchema = z.object({ ok: z.literal(true) });

export const accountSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  surname: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

/** "My event": an event the account belongs to, with its permission level there. */
export const myEventSchema = z.object({
  id: z.uuid(),
  eventName: z.string(),
  shortName: z.string(),
  longName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  appUrl: z.string(),
  timeZone: z.string(),
  locale: z.string(),
  permissions: z.enum(PERMISSIONS),
});
export type MyEvent = z.infer<typeof myEventSchema>;

export const meResponseSchema = z.object({
  account: accountSchema,
  currentEventId: z.uuid().nullable(),
  events: z.array(myEventSchema),
});

/** GET /api/session: who is signed in, or null — how the app starts without a failed request. */
export const sessionResponseSchema = z.object({ me: meResponseSchema.nullable() });
export type MeResponse = z.infer<typeof meResponseSchema>;
