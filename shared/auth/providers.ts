import { z } from 'zod';

/** A provider's key as configured in OIDC_PROVIDERS (lower-case letters, digits, dashes). */
export const providerIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Invalid provider');

/** The providers the event at this address offers on its sign-in screen ("Continue with <name>"). */
export const publicSignInProvidersSchema = z.object({
  providers: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PublicSignInProviders = z.infer<typeof publicSignInProvidersSchema>;

/** One installation provider as an event has it set. */
export const eventSignInProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  allowAccountCreation: z.boolean(),
});
export type EventSignInProvider = z.infer<typeof eventSignInProviderSchema>;
export const eventSignInProvidersResponseSchema = z.object({
  providers: z.array(eventSignInProviderSchema),
});

export const eventSignInProviderParamsSchema = z.strictObject({
  eventId: z.uuid(),
  providerId: providerIdSchema,
});
export const eventSignInProviderBodySchema = z.strictObject({
  enabled: z.boolean(),
  allowAccountCreation: z.boolean(),
});
export type EventSignInProviderBody = z.infer<typeof eventSignInProviderBodySchema>;

export const providerStartParamsSchema = z.strictObject({ providerId: providerIdSchema });
export const providerStartQuerySchema = z.strictObject({ continuePath: z.string().max(2000).optional() });

/**
 * The provider's answer. Every parameter is handed to the OpenID client as it came (it checks the
 * state, the issuer and the code); the schema only bounds what may arrive.
 */
export const providerCallbackQuerySchema = z.record(z.string().max(100), z.string().max(4000));

/** Why a provider sign-in ended on the sign-in screen instead of in the portal. */
export const PROVIDER_SIGN_IN_ERRORS = {
  failed: 'The sign-in with your provider could not be completed. Please try again.',
  unverified: 'Your provider has not confirmed your email address, so it cannot be used to sign in.',
  noAccount: 'There is no account for this email address in this event. Ask the organiser to invite you.',
  disabled: 'The user account has been disabled.',
  unavailable: 'This way of signing in is not available for this event.',
} as const;
export type ProviderSignInError = keyof typeof PROVIDER_SIGN_IN_ERRORS;

export function providerSignInErrorText(code: string | null): string | null {
  return code && Object.hasOwn(PROVIDER_SIGN_IN_ERRORS, code)
    ? PROVIDER_SIGN_IN_ERRORS[code as ProviderSignInError]
    : null;
}

/** Only the portal's own paths may be continued to after a sign-in (no open redirect). */
export function isSafeContinuePath(value: string | null | undefined): value is string {
  return Boolean(value && /^\/(?![/\\])/.test(value) && !value.startsWith('/auth'));
}
