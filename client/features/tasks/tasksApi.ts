import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminTaskBody,
  adminTaskDetailSchema,
  BulkStatusBody,
  bulkStatusResponseSchema,
  dueSummarySchema,
  groupTasksResponseSchema,
  TaskDueFilter,
  TEAM_STATUS_SORTS,
  teamStatusListResponseSchema,
} from '../../../shared/tasks/adminApi';
import type {
  myTasksResponseSchema,
  TASK_SORTS,
  taskGroupListResponseSchema,
  taskGroupRowSchema,
  taskListResponseSchema,
  taskStatusResponseSchema,
} from '../../../shared/tasks/api';
import type { TaskStatusFilter } from '../../../shared/tasks/dueStatus';
import type { UserActionStatus } from '../../../shared/tasks/listFilters';
import type { ProgressStatus, ReviewInput, TaskType } from '../../../shared/tasks/schema';
import type { UrgencyFilter } from '../../../shared/tasks/urgency';
import { type Answer, api, toQueryString } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import { sessionKeys } from '../../lib/session';
import type { SortOrder } from '../../ui/useListParams';

export type TaskSort = (typeof TASK_SORTS)[number];

export interface TaskListParams {
  page: number;
  sort: TaskSort;
  order: SortOrder;
  search: string;
  type: TaskType | null;
  groupId: string | null;
  archived: boolean;
  status?: TaskDueFilter | null;
  urgency?: UrgencyFilter | null;
  /** Spec filter "task id": a whole id only (isTaskId). */
  taskId?: string | null;
}

/** Every task answer of an event starts with this key, so any task change drops them all together. */
/** Every tasks answer of an event; a form submission refreshes them too (form tasks complete). */
export const tasksKey = (eventId: string) => [...sessionKeys.event(eventId), 'tasks'] as const;
const base = (eventId: string) => `/api/events/${eventId}`;

export function useTasks(eventId: string, params: TaskListParams) {
  return useQuery({
    queryKey: [...tasksKey(eventId), 'list', params],
    queryFn: () =>
      api.get<Answer<typeof taskListResponseSchema>>(
        `${base(eventId)}/tasks${toQueryString({
          page: params.page,
          sort: params.sort,
          order: params.order,
          search: params.search.trim(),
          type: params.type,
          groupId: params.groupId,
          archived: params.archived ? 'true' : undefined,
          status: params.status ?? undefined,
          urgency: params.urgency ?? undefined,
          taskId: params.taskId ?? undefined,
        })}`,
      ),
    placeholderData: keepPreviousData,
    enabled: eventId !== '',
  });
}

export const useTask = (eventId: string, taskId: string) =>
  useQuery({
    queryKey: [...tasksKey(eventId), 'detail', taskId],
    queryFn: () => api.get<Answer<typeof adminTaskDetailSchema>>(`${base(eventId)}/tasks/${taskId}`),
    enabled: eventId !== '' && taskId !== '',
  });

export const useTaskGroups = (eventId: string, archived = false) =>
  useQuery({
    queryKey: [...tasksKey(eventId), 'groups', archived],
    queryFn: () =>
      api.get<Answer<typeof taskGroupListResponseSchema>>(
        `${base(eventId)}/task-groups${archived ? '?archived=true' : ''}`,
      ),
    enabled: eventId !== '',
  });

export const useTaskGroup = (eventId: string, groupId: string) =>
  useQuery({
    queryKey: [...tasksKey(eventId), 'group', groupId],
    queryFn: () => api.get<Answer<typeof taskGroupRowSchema>>(`${base(eventId)}/task-groups/${groupId}`),
    enabled: eventId !== '' && groupId !== '',
  });

export const useMyTasks = (eventId: string) =>
  useQuery({
    queryKey: [...tasksKey(eventId), 'mine'],
    queryFn: () => api.get<Answer<typeof myTasksResponseSchema>>(`${base(eventId)}/my-tasks`),
    enabled: eventId !== '',
  });

function useTaskMutation<V, R>(eventId: string, run: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksKey(eventId) }),
  });
}

export const useSaveTask = (eventId: string, taskId: string | null) =>
  useTaskMutation(eventId, (body: AdminTaskBody) =>
    taskId
      ? api.put<Answer<typeof adminTaskDetailSchema>>(`${base(eventId)}/tasks/${taskId}`, body)
      : api.post<Answer<typeof adminTaskDetailSchema>>(`${base(eventId)}/tasks`, body),
  );

export const useArchiveTask = (eventId: string) =>
  useTaskMutation(eventId, ({ taskId, archive }: { taskId: string; archive: boolean }) =>
    api.post<Answer<typeof adminTaskDetailSchema>>(
      `${base(eventId)}/tasks/${taskId}/${archive ? 'archive' : 'unarchive'}`,
      {},
    ),
  );

export const useSaveTaskGroup = (eventId: string, groupId: string | null) =>
  useTaskMutation(eventId, (body: { title: string }) =>
    groupId
      ? api.put<Answer<typeof taskGroupRowSchema>>(`${base(eventId)}/task-groups/${groupId}`, body)
      : api.post<Answer<typeof taskGroupRowSchema>>(`${base(eventId)}/task-groups`, body),
  );

export const useArchiveTaskGroup = (eventId: string) =>
  useTaskMutation(eventId, ({ groupId, archive }: { groupId: string; archive: boolean }) =>
    api.post<Answer<typeof taskGroupRowSchema>>(
      `${base(eventId)}/task-groups/${groupId}/${archive ? 'archive' : 'unarchive'}`,
      {},
    ),
  );

export const useDeleteTaskGroup = (eventId: string) =>
  useTaskMutation(eventId, (groupId: string) => api.delete(`${base(eventId)}/task-groups/${groupId}`, {}));

export const useSetMyProgress = (eventId: string) =>
  useTaskMutation(eventId, ({ taskId, progressStatus }: { taskId: string; progressStatus: ProgressStatus }) =>
    api.put<Answer<typeof taskStatusResponseSchema>>(`${base(eventId)}/tasks/${taskId}/status`, {
      progressStatus,
    }),
  );

export const useDeleteTask = (eventId: string) =>
  useTaskMutation(eventId, (taskId: string) => api.delete(`${base(eventId)}/tasks/${taskId}`, {}));

// ---- Every team's status of one task ----

export type TeamStatusSort = (typeof TEAM_STATUS_SORTS)[number];
export interface TeamStatusParams {
  page: number;
  sort: TeamStatusSort;
  order: SortOrder;
  search: string;
  status: TaskStatusFilter | null;
  actionStatus?: UserActionStatus | null;
}

export const useTeamStatuses = (eventId: string, taskId: string, params: TeamStatusParams) =>
  useQuery({
    queryKey: [...tasksKey(eventId), 'teams', taskId, params],
    queryFn: () =>
      api.get<Answer<typeof teamStatusListResponseSchema>>(
        `${base(eventId)}/tasks/${taskId}/teams${toQueryString({
          page: params.page,
          sort: params.sort,
          order: params.order,
          search: params.search.trim(),
          status: params.status,
          actionStatus: params.actionStatus ?? undefined,
        })}`,
      ),
    placeholderData: keepPreviousData,
    enabled: eventId !== '' && taskId !== '',
  });

/** A moderator approves or rejects one team's completed task (rejecting needs a review). */
export const useReviewTask = (eventId: string, taskId: string) =>
  useTaskMutation(eventId, ({ teamId, ...body }: ReviewInput & { teamId: string }) =>
    api.post<Answer<typeof taskStatusResponseSchema>>(
      `${base(eventId)}/tasks/${taskId}/teams/${teamId}/review`,
      body,
    ),
  );

export const useBulkSetStatus = (eventId: string, taskId: string) =>
  useTaskMutation(eventId, (body: BulkStatusBody) =>
    api.post<Answer<typeof bulkStatusResponseSchema>>(`${base(eventId)}/tasks/${taskId}/teams/status`, body),
  );

export const useDueSummary = (eventId: string) =>
  useQuery({
    queryKey: [...tasksKey(eventId), 'due-summary'],
    queryFn: () => api.get<Answer<typeof dueSummarySchema>>(`${base(eventId)}/tasks/due-summary`),
    enabled: eventId !== '',
  });

// ---- The order of a group's tasks ----

export const useGroupTasks = (eventId: string, groupId: string) =>
  useQuery({
    queryKey: [...tasksKey(eventId), 'group-tasks', groupId],
    queryFn: () =>
      api.get<Answer<typeof groupTasksResponseSchema>>(`${base(eventId)}/task-groups/${groupId}/tasks`),
    enabled: eventId !== '' && groupId !== '',
  });

export const useReorderGroupTasks = (eventId: string, groupId: string) =>
  useTaskMutation(eventId, (taskIds: string[]) =>
    api.put<Answer<typeof groupTasksResponseSchema>>(`${base(eventId)}/task-groups/${groupId}/order`, {
      taskIds,
    }),
  );
