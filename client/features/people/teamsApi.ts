import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateMyTeamBody } from '../../../shared/people/customFields';
import type { MemberAreasBody, memberAreasResponseSchema } from '../../../shared/people/memberAreasApi';
import type {
  AddTeamMemberBody,
  CreateTeamBody,
  createdMemberSchema,
  createdTeamSchema,
  myTeamResponseSchema,
  TEAM_SORTS,
  TeamTypeBody,
  teamDetailSchema,
  teamListResponseSchema,
  teamTypeListResponseSchema,
  teamTypeSchema,
  UpdateTeamBody,
  UpdateTeamMemberBody,
} from '../../../shared/people/schema';
import type { StandShareRole } from '../../../shared/people/teams';
import type { BulkDeleteTeamsBody, bulkDeleteTeamsResponseSchema } from '../../../shared/people/users';
import { type Answer, api, toQueryString } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import { sessionKeys } from '../../lib/session';
import type { SortOrder } from '../../ui/useListParams';

export type TeamSort = (typeof TEAM_SORTS)[number];

export interface TeamListParams {
  page: number;
  sort: TeamSort;
  order: SortOrder;
  search: string;
  teamTypeId: string | null;
  notLoggedIn: boolean;
  standShare: StandShareRole | null;
}

/** Everything about an event's teams and types starts with these keys, so a change drops them all. */
const keys = {
  teams: (eventId: string) => [...sessionKeys.event(eventId), 'teams'] as const,
  teamTypes: (eventId: string) => [...sessionKeys.event(eventId), 'team-types'] as const,
  myTeam: (eventId: string) => [...sessionKeys.event(eventId), 'my-team'] as const,
};

export function teamsQuery(eventId: string, params: TeamListParams) {
  return queryOptions({
    queryKey: [...keys.teams(eventId), 'list', params],
    queryFn: () =>
      api.get<Answer<typeof teamListResponseSchema>>(
        `/api/events/${eventId}/teams${toQueryString({
          page: params.page,
          sort: params.sort,
          order: params.order,
          search: params.search.trim(),
          teamTypeId: params.teamTypeId,
          notLoggedIn: params.notLoggedIn ? 'true' : undefined,
          standShare: params.standShare,
        })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export const useTeams = (eventId: string, params: TeamListParams) => useQuery(teamsQuery(eventId, params));

export function useTeam(eventId: string, teamId: string) {
  return useQuery({
    queryKey: [...keys.teams(eventId), 'detail', teamId],
    queryFn: () => api.get<Answer<typeof teamDetailSchema>>(`/api/events/${eventId}/teams/${teamId}`),
    enabled: Boolean(eventId && teamId),
  });
}

export function useMyTeam(eventId: string) {
  return useQuery({
    queryKey: keys.myTeam(eventId),
    queryFn: () => api.get<Answer<typeof myTeamResponseSchema>>(`/api/events/${eventId}/my-team`),
    enabled: Boolean(eventId),
  });
}

export function useTeamTypes(eventId: string) {
  return useQuery({
    queryKey: keys.teamTypes(eventId),
    queryFn: () => api.get<Answer<typeof teamTypeListResponseSchema>>(`/api/events/${eventId}/team-types`),
    enabled: Boolean(eventId),
  });
}

export function useTeamType(eventId: string, teamTypeId: string) {
  return useQuery({
    queryKey: [...keys.teamTypes(eventId), teamTypeId],
    queryFn: () => api.get<Answer<typeof teamTypeSchema>>(`/api/events/${eventId}/team-types/${teamTypeId}`),
    enabled: Boolean(eventId && teamTypeId),
  });
}

/** A mutation that, once done, drops every cached team, team type and my-team answer of the event. */
function useTeamMutation<V, R>(eventId: string, run: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all(
        [keys.teams(eventId), keys.teamTypes(eventId), keys.myTeam(eventId)].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}

const base = (eventId: string) => `/api/events/${eventId}`;

export const useCreateTeam = (eventId: string) =>
  useTeamMutation(eventId, (body: CreateTeamBody) =>
    api.post<Answer<typeof createdTeamSchema>>(`${base(eventId)}/teams`, body),
  );

export const useCreateStandShare = (eventId: string, parentId: string) =>
  useTeamMutation(eventId, (body: CreateTeamBody) =>
    api.post<Answer<typeof createdTeamSchema>>(`${base(eventId)}/teams/${parentId}/stand-shares`, body),
  );

export const useUpdateTeam = (eventId: string, teamId: string) =>
  useTeamMutation(eventId, (body: UpdateTeamBody) =>
    api.patch<Answer<typeof teamDetailSchema>>(`${base(eventId)}/teams/${teamId}`, body),
  );

export const useDeleteTeam = (eventId: string) =>
  useTeamMutation(eventId, (teamId: string) => api.delete(`${base(eventId)}/teams/${teamId}`, {}));

export const useAddTeamMember = (eventId: string, teamId: string) =>
  useTeamMutation(eventId, (body: AddTeamMemberBody) =>
    api.post<Answer<typeof createdMemberSchema>>(`${base(eventId)}/teams/${teamId}/members`, body),
  );

export const useUpdateTeamMember = (eventId: string, teamId: string, userId: string) =>
  useTeamMutation(eventId, (body: UpdateTeamMemberBody) =>
    api.patch<Answer<typeof teamDetailSchema>>(`${base(eventId)}/teams/${teamId}/members/${userId}`, body),
  );

export const useRemoveTeamMember = (eventId: string, teamId: string) =>
  useTeamMutation(eventId, (userId: string) =>
    api.delete(`${base(eventId)}/teams/${teamId}/members/${userId}`, {}),
  );

export const useCreateTeamType = (eventId: string) =>
  useTeamMutation(eventId, (body: TeamTypeBody) =>
    api.post<Answer<typeof teamTypeSchema>>(`${base(eventId)}/team-types`, body),
  );

export const useRenameTeamType = (eventId: string, teamTypeId: string) =>
  useTeamMutation(eventId, (body: TeamTypeBody) =>
    api.put<Answer<typeof teamTypeSchema>>(`${base(eventId)}/team-types/${teamTypeId}`, body),
  );

export const useDeleteTeamType = (eventId: string) =>
  useTeamMutation(eventId, (teamTypeId: string) =>
    api.delete(`${base(eventId)}/team-types/${teamTypeId}`, {}),
  );

/** Deletes the chosen teams; the answer lists the ones refused, each with the spec's reason. */
export const useBulkDeleteTeams = (eventId: string) =>
  useTeamMutation(eventId, (body: BulkDeleteTeamsBody) =>
    api.post<Answer<typeof bulkDeleteTeamsResponseSchema>>(`${base(eventId)}/teams/bulk-delete`, body),
  );

/** /my-team team settings: the owner saves the custom field values the team sees. */
export const useUpdateMyTeam = (eventId: string) =>
  useTeamMutation(eventId, (body: UpdateMyTeamBody) =>
    api.patch<Answer<typeof myTeamResponseSchema>>(`${base(eventId)}/my-team`, body),
  );

/** Chooses the areas a team member may open (decision 0034). */
export const useSetMemberAreas = (eventId: string, teamId: string, userId: string) =>
  useTeamMutation(eventId, (body: MemberAreasBody) =>
    api.put<Answer<typeof memberAreasResponseSchema>>(
      `${base(eventId)}/teams/${teamId}/members/${userId}/areas`,
      body,
    ),
  );
