import { Alert, Button, Divider, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { providerSignInErrorText, type publicSignInProvidersSchema } from '../../../shared/auth/providers';
import { type Answer, api } from '../../lib/api';

/** The identity providers the event at this address has switched on. */
export function usePublicSignInProviders() {
  return useQuery({
    queryKey: ['public-sign-in-providers'],
    queryFn: () => api.get<Answer<typeof publicSignInProvidersSchema>>('/api/public/sign-in-providers'),
    retry: false,
  });
}

function startHref(providerId: string, continuePath: string | null | undefined): string {
  const query = continuePath ? `?continuePath=${encodeURIComponent(continuePath)}` : '';
  return `/api/auth/providers/${encodeURIComponent(providerId)}/start${query}`;
}

/**
 * "Continue with <provider>" for each provider the event offers. Each is a plain link: the sign-in
 * is a round trip through the provider's own pages, which a fetch cannot make. Nothing shows while
 * loading or when the list cannot be read: the password form below works either way.
 */
export function ProviderButtons({ continuePath }: { continuePath?: string | null }) {
  const providers = usePublicSignInProviders().data?.providers ?? [];
  if (providers.length === 0) return null;
  return (
    <Stack gap="sm">
      {providers.map((provider) => (
        <Button
          key={provider.id}
          component="a"
          href={startHref(provider.id, continuePath)}
          variant="default"
          fullWidth
        >
          Continue with {provider.name}
        </Button>
      ))}
      <Divider label="or sign in with your email" labelPosition="center" />
    </Stack>
  );
}

/** Why the last provider sign-in came back here (the server names a known reason, never free text). */
export function ProviderSignInError({ code }: { code: string | null }) {
  const text = providerSignInErrorText(code);
  if (!text) return null;
  return (
    <Alert color="red" role="alert" title="Sign-in not completed">
      {text}
    </Alert>
  );
}
