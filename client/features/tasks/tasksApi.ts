import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  myTasksResponseSchema,
  type TASK_SORTS,
  type TaskBody,
  taskDetailSchema,
  taskGroupListResponseSchema,
  taskGroupRowSchema,
  taskListResponseSchema,
  taskStatusResponseSchema,
} from '../../../shared/tasks/api';
import type { ProgressStatus, TaskType } from '../../../shared/tasks/schema';
import { api, toQueryString } from '../../lib/api';
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
}

/** Every task answer of an event starts with this key, so any task change drops them all together. */
const tasksKey = (eventId: string) => [...sessionKeys.event(eventId), 'tasks'] as const;
const base = (eventId: string) => `/api/events/${eventId}`;
const nothing = z.unknown();

export function useTasks(eventId: string, params: TaskListParams) {
  return useQuery({
    queryKey: [...tasksKey(eventId), 'list', params],
    queryFn: () =>
      api.get(
        `${base(eventId)}/tasks${toQueryString({
          page: params.page,
          sort: params.sort,
          order: params.order,
          search: params.search.trim(),
          type: params.type,
          groupId: params.groupId,
          archived: params.archived ? 'true' : undefined,
        })}`,
        taskListResponseSchema,
      ),
    placeholderData: keepPreviousData,
    enabled: eventId !== '',
  });
}

export const useTask = (eventId: string, taskId: string) =>
  useQuery({
    queryKey: [...tasksKey(eventId), 'detail', taskId],
    queryFn: () => api.get(`${base(eventId)}/tasks/${taskId}`, taskDetailSchema),
    enabled: eventId !== '' && taskId !== '',
  });

export const useTaskGroups = (eventId: string, archived = false) =>
  useQuery({
    queryKey: [...tasksKey(eventId), 'groups', archived],
    queryFn: () =>
      api.get(`${base(eventId)}/task-groups${archived ? '?archived=true' : ''}`, taskGroupListResponseSchema),
    enabled: eventId !== '',
  });

export const useTaskGroup = (eventId: string, groupId: string) =>
  useQuery({
    queryKey: [...tasksKey(eventId), 'group', groupId],
    queryFn: () => api.get(`${base(eventId)}/task-groups/${groupId}`, taskGroupRowSchema),
    enabled: eventId !== '' && groupId !== '',
  });

export const useMyTasks = (eventId: string) =>
  useQuery({
    queryKey: [...tasksKey(eventId), 'mine'],
    queryFn: () => api.get(`${base(eventId)}/my-tasks`, myTasksResponseSchema),
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
  useTaskMutation(eventId, (body: TaskBody) =>
    taskId
      ? api.put(`${base(eventId)}/tasks/${taskId}`, body, taskDetailSchema)
      : api.post(`${base(eventId)}/tasks`, body, taskDetailSchema),
  );

export const useArchiveTask = (eventId: string) =>
  useTaskMutation(eventId, ({ taskId, archive }: { taskId: string; archive: boolean }) =>
    api.post(`${base(eventId)}/tasks/${taskId}/${archive ? 'archive' : 'unarchive'}`, {}, taskDetailSchema),
  );

export const useSaveTaskGroup = (eventId: string, groupId: string | null) =>
  useTaskMutation(eventId, (body: { title: string }) =>
    groupId
      ? api.put(`${base(eventId)}/task-groups/${groupId}`, body, taskGroupRowSchema)
      : api.post(`${base(eventId)}/task-groups`, body, taskGroupRowSchema),
  );

export const useArchiveTaskGroup = (eventId: string) =>
  useTaskMutation(eventId, ({ groupId, archive }: { groupId: string; archive: boolean }) =>
    api.post(
      `${base(eventId)}/task-groups/${groupId}/${archive ? 'archive' : 'unarchive'}`,
      {},
      taskGroupRowSchema,
    ),
  );

export const useDeleteTaskGroup = (eventId: string) =>
  useTaskMutation(eventId, (groupId: string) =>
    api.delete(`${base(eventId)}/task-groups/${groupId}`, {}, nothing),
  );

export const useSetMyProgress = (eventId: string) =>
  useTaskMutation(eventId, ({ taskId, progressStatus }: { taskId: string; progressStatus: ProgressStatus }) =>
    api.put(`${base(eventId)}/tasks/${taskId}/status`, { progressStatus }, taskStatusResponseSchema),
  );
