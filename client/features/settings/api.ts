import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EditableSettingsName,
  onboardedResponseSchema,
  SettingsResponse,
  settingsResponseSchema,
} from '../../../shared/events/settingsApi';
import { type Answer, api } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import { sessionKeys, useSession } from '../../lib/session';

type SettingsOf<N extends EditableSettingsName> = Extract<SettingsResponse, { name: N }>['settings'];

export const settingsKeys = {
  doc: (eventId: string, name: EditableSettingsName) => ['events', eventId, 'settings', name] as const,
};

function unwrap<N extends EditableSettingsName>(name: N, response: SettingsResponse): SettingsOf<N> {
  if (response.name !== name) throw new Error(`Expected the ${name} settings, got ${response.name}`);
  return response.settings as SettingsOf<N>;
}

export function settingsQuery<N extends EditableSettingsName>(eventId: string, name: N) {
  return queryOptions({
    queryKey: settingsKeys.doc(eventId, name),
    queryFn: async () =>
      unwrap(
        name,
        await api.get<Answer<typeof settingsResponseSchema>>(`/api/events/${eventId}/settings/${name}`),
      ),
  });
}

function useEventId(): string {
  return useSession().event?.id ?? '';
}

export function useSettings<N extends EditableSettingsName>(name: N) {
  const eventId = useEventId();
  return useQuery({ ...settingsQuery(eventId, name), enabled: Boolean(eventId) });
}

/**
 * Saves a change to one document. The shell (sidebar, breadcrumbs, header colours, names) and, for
 * the event document, the account's list of events show settings, so both are refetched at once.
 */
export function useSaveSettings<N extends EditableSettingsName>(name: N) {
  const eventId = useEventId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Record<string, unknown>) =>
      unwrap(
        name,
        await api.put<Answer<typeof settingsResponseSchema>>(
          `/api/events/${eventId}/settings/${name}`,
          input,
        ),
      ),
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsKeys.doc(eventId, name), saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKeys.shell(eventId) }),
        name === 'event' ? queryClient.invalidateQueries({ queryKey: sessionKeys.me }) : null,
      ]);
    },
  });
}

/** Continue on the welcome screen: the shell then says the member is onboarded. */
export function useFinishOnboarding() {
  const eventId = useEventId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.put<Answer<typeof onboardedResponseSchema>>(`/api/events/${eventId}/me/onboarded`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.shell(eventId) }),
  });
}
