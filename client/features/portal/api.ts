import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  corePageListResponseSchema,
  dashboardHeaderResponseSchema,
  dashboardResponseSchema,
  featuredResponseSchema,
  navigationResponseSchema,
  sidebarEditorResponseSchema,
} from '../../../shared/portal/api';
import { type LayoutBody, layoutListResponseSchema, layoutSchema } from '../../../shared/portal/cardLayouts';
import { type CorePageBody, type CorePageId, corePageSchema } from '../../../shared/portal/corePages';
import type { Sidebar } from '../../../shared/portal/sidebar';
import { api } from '../../lib/api';
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
    queryFn: () => api.get(`${base(eventId)}/navigation`, navigationResponseSchema),
    enabled: eventId !== '',
  });

export const useDashboard = (eventId: string) =>
  useQuery({
    queryKey: [...portalKey(eventId), 'dashboard'],
    queryFn: () => api.get(`${base(eventId)}/dashboard`, dashboardResponseSchema),
    enabled: eventId !== '',
  });

export const useSidebarEditor = (eventId: string) =>
  useQuery({
    queryKey: [...portalKey(eventId), 'sidebar'],
    queryFn: () => api.get(`${base(eventId)}/sidebar`, sidebarEditorResponseSchema),
    enabled: eventId !== '',
  });

export function useSaveSidebar(eventId: string) {
  const invalidate = useInvalidatePortal(eventId);
  return useMutation({
    mutationFn: (sidebar: Sidebar) =>
      api.put(`${base(eventId)}/sidebar`, sidebar, sidebarEditorResponseSchema),
    onSuccess: invalidate,
  });
}

export const useFeatured = (eventId: string) =>
  useQuery({
    queryKey: [...portalKey(eventId), 'featured'],
    queryFn: () => api.get(`${base(eventId)}/featured-pages`, featuredResponseSchema),
    enabled: eventId !== '',
  });

export function useSaveFeatured(eventId: string) {
  const invalidate = useInvalidatePortal(eventId);
  return useMutation({
    mutationFn: (contentIds: string[]) =>
      api.put(`${base(eventId)}/featured-pages`, { contentIds }, featuredResponseSchema),
    onSuccess: invalidate,
  });
}

export const useCorePages = (eventId: string) =>
  useQuery({
    queryKey: [...portalKey(eventId), 'core-pages'],
    queryFn: () => api.get(`${base(eventId)}/core-pages`, corePageListResponseSchema),
    enabled: eventId !== '',
  });

export function useSaveCorePage(eventId: string) {
  const invalidate = useInvalidatePortal(eventId);
  return useMutation({
    mutationFn: ({ id, body }: { id: CorePageId; body: CorePageBody }) =>
      api.put(`${base(eventId)}/core-pages/${id}`, body, corePageSchema),
    onSuccess: invalidate,
  });
}

export const useDashboardHeader = (eventId: string) =>
  useQuery({
    queryKey: [...portalKey(eventId), 'dashboard-header'],
    queryFn: () => api.get(`${base(eventId)}/dashboard-header`, dashboardHeaderResponseSchema),
    enabled: eventId !== '',
  });

export function useSetDashboardHeader(eventId: string) {
  const invalidate = useInvalidatePortal(eventId);
  return useMutation({
    mutationFn: (fileId: string | null) =>
      fileId
        ? api.put(`${base(eventId)}/dashboard-header`, { fileId }, dashboardHeaderResponseSchema)
        : api.delete(`${base(eventId)}/dashboard-header`, {}, dashboardHeaderResponseSchema),
    onSuccess: invalidate,
  });
}

export const useLayouts = (eventId: string) =>
  useQuery({
    queryKey: [...portalKey(eventId), 'layouts'],
    queryFn: () => api.get(`${base(eventId)}/card-layouts`, layoutListResponseSchema),
    enabled: eventId !== '',
  });

export function useSaveLayout(eventId: string) {
  const invalidate = useInvalidatePortal(eventId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: LayoutBody }) =>
      id
        ? api.put(`${base(eventId)}/card-layouts/${id}`, body, layoutSchema)
        : api.post(`${base(eventId)}/card-layouts`, body, layoutSchema),
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
