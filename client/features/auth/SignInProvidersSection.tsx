import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EventSignInProvider,
  EventSignInProviderBody,
  eventSignInProviderSchema,
  eventSignInProvidersResponseSchema,
} from '../../../shared/auth/providers';
import { type Answer, api } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import { useSession } from '../../lib/session';
import { useFeedback } from '../../ui/FeedbackBanner';
import { QueryState } from '../../ui/QueryState';

const providersKey = (eventId: string) => ['events', eventId, 'sign-in-providers'] as const;

function useEventProviders(eventId: string) {
  return useQuery({
    queryKey: providersKey(eventId),
    queryFn: () =>
      api.get<Answer<typeof eventSignInProvidersResponseSchema>>(`/api/events/${eventId}/sign-in-providers`),
    enabled: Boolean(eventId),
  });
}

function useSetEventProvider(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: EventSignInProviderBody & { id: string }) =>
      api.put<Answer<typeof eventSignInProviderSchema>>(
        `/api/events/${eventId}/sign-in-providers/${id}`,
        body,
      ),
    onSuccess: (saved) =>
      queryClient.setQueryData(
        providersKey(eventId),
        (old: { providers: EventSignInProvider[] } | undefined) =>
          old ? { providers: old.providers.map((p) => (p.id === saved.id ? saved : p)) } : old,
      ),
  });
}

function ProviderSwitches({ provider, eventId }: { provider: EventSignInProvider; eventId: string }) {
  const save = useSetEventProvider(eventId);
  const feedback = useFeedback();
  const change = (body: EventSignInProviderBody) =>
    save.mutate(
      { id: provider.id, ...body },
      { onSuccess: () => feedback.success(), onError: (error) => feedback.error(error) },
    );
  return (
    <Stack gap="xs" data-testid={`sign-in-provider-${provider.id}`}>
      <Switch
        label={`Offer "Continue with ${provider.name}" on the sign-in screen`}
        checked={provider.enabled}
        disabled={save.isPending}
        onChange={(e) =>
          change({ enabled: e.currentTarget.checked, allowAccountCreation: provider.allowAccountCreation })
        }
      />
      <Switch
        label="Create an account for a new email"
        description={`Someone ${provider.name} vouches for, with no account yet, joins this event as a user. Off: only people already in this event can sign in with it.`}
        checked={provider.allowAccountCreation}
        disabled={save.isPending || !provider.enabled}
        onChange={(e) => change({ enabled: provider.enabled, allowAccountCreation: e.currentTarget.checked })}
      />
    </Stack>
  );
}

/**
 * /admin/event, "Sign-in providers": which of the installation's identity providers this event
 * offers. Each switch saves at once (it is not part of the event form's Save).
 */
export function SignInProvidersSection() {
  const eventId = useSession().event?.id ?? '';
  const query = useEventProviders(eventId);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="sign-in-providers">
      <Title order={2} size="h4" id="sign-in-providers" mb="md">
        Sign-in providers
      </Title>
      <QueryState
        query={query}
        loading="Loading sign-in providers"
        failed="The sign-in providers could not be loaded"
      >
        {({ providers }) =>
          providers.length === 0 ? (
            <Text c="dimmed">
              No identity provider is set up for this installation. Whoever runs the portal adds one
              (OIDC_PROVIDERS, see the README); it then shows here to switch on.
            </Text>
          ) : (
            <Stack gap="lg">
              <Text c="dimmed" size="sm">
                People sign in with their organisation's account. A sign-in this way never gives a permission
                level: it is the one the person has in this event. Each switch saves at once.
              </Text>
              {providers.map((provider) => (
                <ProviderSwitches key={provider.id} provider={provider} eventId={eventId} />
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Paper>
  );
}
