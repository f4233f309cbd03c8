import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  previewResponseSchema,
  TemplateBody,
  TemplateKindId,
  templateListResponseSchema,
  templateSchema,
  testSendResponseSchema,
} from '../../../shared/emails/templatesApi';
import { type Answer, api } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import { sessionKeys } from '../../lib/session';

/** Every template answer of an event starts with this key, so a change drops them all together. */
const templatesKey = (eventId: string) => [...sessionKeys.event(eventId), 'email-templates'] as const;
const base = (eventId: string) => `/api/events/${eventId}/email-templates`;

export const useEmailTemplates = (eventId: string) =>
  useQuery({
    queryKey: [...templatesKey(eventId), 'list'],
    queryFn: () => api.get<Answer<typeof templateListResponseSchema>>(base(eventId)),
    enabled: eventId !== '',
  });

export const useEmailTemplate = (eventId: string, kind: TemplateKindId) =>
  useQuery({
    queryKey: [...templatesKey(eventId), 'detail', kind],
    queryFn: () => api.get<Answer<typeof templateSchema>>(`${base(eventId)}/${kind}`),
    enabled: eventId !== '',
  });

export function useSaveEmailTemplate(eventId: string, kind: TemplateKindId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TemplateBody) =>
      api.put<Answer<typeof templateSchema>>(`${base(eventId)}/${kind}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKey(eventId) }),
  });
}

export function useResetEmailTemplate(eventId: string, kind: TemplateKindId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<Answer<typeof templateSchema>>(`${base(eventId)}/${kind}`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKey(eventId) }),
  });
}

/** A preview of an unsaved draft (or of the stored template when the draft is empty). */
export const usePreviewEmailTemplate = (eventId: string, kind: TemplateKindId) =>
  useMutation({
    mutationFn: (draft: Partial<TemplateBody>) =>
      api.post<Answer<typeof previewResponseSchema>>(`${base(eventId)}/${kind}/preview`, draft),
  });

export const useSendTestEmail = (eventId: string, kind: TemplateKindId) =>
  useMutation({
    mutationFn: () => api.post<Answer<typeof testSendResponseSchema>>(`${base(eventId)}/${kind}/test`, {}),
  });

/** The stored template rendered with sample data (a read, though sent as POST like a draft's). */
export const useStoredPreview = (eventId: string, kind: TemplateKindId) =>
  useQuery({
    queryKey: [...templatesKey(eventId), 'preview', kind],
    queryFn: () => api.post<Answer<typeof previewResponseSchema>>(`${base(eventId)}/${kind}/preview`, {}),
    enabled: eventId !== '',
  });
