import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  reportFilterOptionsSchema,
  reportOverviewSchema,
  taskReportResponseSchema,
  teamReportDetailSchema,
  teamReportResponseSchema,
} from '../../../shared/reports/api';
import type { formReportResponseSchema, oneFormReportSchema } from '../../../shared/reports/formsApi';
import type { teamStatusListResponseSchema } from '../../../shared/tasks/adminApi';
import { type Answer, api, type QueryValue, toQueryString } from '../../lib/api';
import { sessionKeys } from '../../lib/session';

/** Every report answer of an event shares this key; reports only read, so nothing invalidates them. */
export const reportsKey = (eventId: string) => [...sessionKeys.event(eventId), 'reports'] as const;
const base = (eventId: string) => `/api/events/${eventId}/reports`;

export type ReportQuery = Record<string, QueryValue>;

export const useReportFilters = (eventId: string) =>
  useQuery({
    queryKey: [...reportsKey(eventId), 'filters'],
    queryFn: () => api.get<Answer<typeof reportFilterOptionsSchema>>(`${base(eventId)}/filters`),
    enabled: eventId !== '',
  });

export const useReportOverview = (eventId: string) =>
  useQuery({
    queryKey: [...reportsKey(eventId), 'overview'],
    queryFn: () => api.get<Answer<typeof reportOverviewSchema>>(`${base(eventId)}/overview`),
    enabled: eventId !== '',
  });

export const useTaskReport = (eventId: string, query: ReportQuery) =>
  useQuery({
    queryKey: [...reportsKey(eventId), 'tasks', query],
    queryFn: () =>
      api.get<Answer<typeof taskReportResponseSchema>>(`${base(eventId)}/tasks${toQueryString(query)}`),
    placeholderData: keepPreviousData,
    enabled: eventId !== '',
  });

export const useTaskTeamsReport = (eventId: string, taskId: string, query: ReportQuery) =>
  useQuery({
    queryKey: [...reportsKey(eventId), 'task', taskId, query],
    queryFn: () =>
      api.get<Answer<typeof teamStatusListResponseSchema>>(
        `${base(eventId)}/tasks/${taskId}${toQueryString(query)}`,
      ),
    placeholderData: keepPreviousData,
    enabled: eventId !== '' && taskId !== '',
  });

export const useTeamReport = (eventId: string, query: ReportQuery) =>
  useQuery({
    queryKey: [...reportsKey(eventId), 'teams', query],
    queryFn: () =>
      api.get<Answer<typeof teamReportResponseSchema>>(`${base(eventId)}/teams${toQueryString(query)}`),
    placeholderData: keepPreviousData,
    enabled: eventId !== '',
  });

export const useTeamReportDetail = (eventId: string, teamId: string) =>
  useQuery({
    queryKey: [...reportsKey(eventId), 'team', teamId],
    queryFn: () => api.get<Answer<typeof teamReportDetailSchema>>(`${base(eventId)}/teams/${teamId}`),
    enabled: eventId !== '' && teamId !== '',
  });

export const useFormReport = (eventId: string, query: ReportQuery) =>
  useQuery({
    queryKey: [...reportsKey(eventId), 'forms', query],
    queryFn: () =>
      api.get<Answer<typeof formReportResponseSchema>>(`${base(eventId)}/forms${toQueryString(query)}`),
    placeholderData: keepPreviousData,
    enabled: eventId !== '',
  });

export const useOneFormReport = (eventId: string, formId: string, query: ReportQuery) =>
  useQuery({
    queryKey: [...reportsKey(eventId), 'form', formId, query],
    queryFn: () =>
      api.get<Answer<typeof oneFormReportSchema>>(`${base(eventId)}/forms/${formId}${toQueryString(query)}`),
    placeholderData: keepPreviousData,
    enabled: eventId !== '' && formId !== '',
  });
