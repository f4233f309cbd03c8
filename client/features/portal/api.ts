import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  corePageListResponseSchema,
  dashboardHeaderResponseSchema,
  dashboardResponseSchema,
  featuredResponseSchema,
  navigationResponseSchema,
  sidebarEditorResponseSchema,
} from '../../../shared/portal/api';
import type { LayoutBody, layoutListResponseSchema, layoutSchema } from '../../../shared/portal/cardLayouts';
import type { CorePageBody, CorePageId, corePageSchema } from '../../../shared/portal/corePages';
import type { Sidebar } from '../../../shared/portal/sidebar';
import { type Answer, api } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import { sessionKeys } from '../../lib/session';

/**
 * Every portal answer of an event starts with this key: a change to the sidebar, core pages or
 * featured pages drops them all, so the user's sidebar and dashboard follow at once.
 */
const portalKey = (eventId: string) => [...sessionKeys.event(eventId), 'portal'] as const;
const base = (eventId: string) => `/api/events/${eventId}`;

function useInvalidatePortal(eventId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: portalKey(eventId) });
}

export const useNavigation = (eventId: string) =>
  useQuery({
    queryKey: [...portalKey(eventId), 'navigation'],
    queryFn: () => api.get<Answer<typeof navigationResponseSchema>>(`${base(eventId)}/navigation`),
    enabled: eventId !== '',
  });

export const useDashboard = (eventId: string) =>
  useQuery({
    queryKey: [...portalKey(eventId), 'dashboard'],
    queryFn: () => api.get<Answer<typeof dashboardResponseSchema>>(`${base(eventId)}/dashboard`),
    enabled: eventId !== '',
  });

export const useSidebarEditor = (eventId: string) =>
  useQuery({
    queryKey: [...portalKey(eventId), 'sidebar'],
    queryFn: () => api.get<Answer<typeof sidebarEditorResponseSchema>>(`${base(eventId)}/sidebar`),
    enabled: eventId !== '',
  });

export function useSaveSidebar(eventId: string) {
  const invalidate = useInvalidatePortal(eventId);
  return useMutation({
    mutationFn: (sidebar: Sidebar) =>
      api.put<Answer<typeof sidebarEditorResponseSchema>>(`${base(eventId)}/sidebar`, sidebar),
    onSuccess: invalidate,
  });
}

export const useFeatured = (eventId: string) =>
  useQuery({
    queryKey: [...portalKey(eventId), 'featured'],
    queryFn: () => api.get<Answer<typeof featuredResponseSchema>>(`${base(eventId)}/featured-pages`),
    enabled: eventId !== '',
  });

export function useSaveFeatured(eventId: string) {
  const invalidate = useInvalidatePortal(eventId);
  return useMutation({
    mutationFn: (contentIds: string[]) =>
      api.put<Answer<typeof featuredResponseSchema>>(`${base(eventId)}/featured-pages`, { contentIds }),
    onSuccess: invalidate,
  });
}

export const useCorePages = (eventId: string) =>
  useQuery({
    queryKey: [...portalKey(eventId), 'core-pages'],
    queryFn: () => api.get<Answer<typeof corePageListResponseSchema>>(`${base(eventId)}/core-pages`),
    enabled: eventId !== '',
  });

export function useSaveCorePage(eventId: string) {
  const invalidate = useInvalidatePortal(eventId);
  return useMutation({
    mutationFn: ({ id, body }: { id: CorePageId; body: CorePageBody }) =>
      api.put<Answer<typeof corePageSchema>>(`${base(eventId)}/core-pages/${id}`, body),
    onSuccess: invalidate,
  });
}

export const useDashboardHeader = (eventId: string) =>
  useQuery({
    queryKey: [...portalKey(eventId), 'dashboard-header'],
    queryFn: () => api.get<Answer<typeof dashboardHeaderResponseSchema>>(`${base(eventId)}/dashboard-header`),
    enabled: eventId !== '',
  });

export function useSetDashboardHeader(eventId: string) {
  const invalidate = useInvalidatePortal(eventId);
  return useMutation({
    mutationFn: (fileId: string | null) =>
      fileId
        ? api.put<Answer<typeof dashboardHeaderResponseSchema>>(`${base(eventId)}/dashboard-header`, {
            fileId,
          })
        : api.delete<Answer<typeof dashboardHeaderResponseSchema>>(`${base(eventId)}/dashboard-header`, {}),
    onSuccess: invalidate,
  });
}

export const useLayouts = (eventId: string) =>
  useQuery({
    queryKey: [...portalKey(eventId), 'layouts'],
    queryFn: () => api.get<Answer<typeof layoutListResponseSchema>>(`${base(eventId)}/card-layouts`),
    enabled: eventId !== '',
  });

export function useSaveLayout(eventId: string) {
  const invalidate = useInvalidatePortal(eventId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: LayoutBody }) =>
      id
        ? api.put<Answer<typeof layoutSchema>>(`${base(eventId)}/card-layouts/${id}`, body)
        : api.post<Answer<typeof layoutSchema>>(`${base(eventId)}/card-layouts`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteLayout(eventId: string) {
  const invalidate = useInvalidatePortal(eventId);
  return useMutation({
    mutationFn: (id: string) => api.delete(`${base(eventId)}/card-layouts/${id}`),
    onSuccess: invalidate,
  });
}
