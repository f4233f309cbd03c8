import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminTaskBody,
  BulkStatusBody,
  TaskDueFilter,
  TEAM_STATUS_SORTS,
} from '../../../shared/tasks/adminApi';
import type { TASK_SORTS } from '../../../shared/tasks/api';
import type { TaskStatusFilter } from '../../../shared/tasks/dueStatus';
import type { UserActionStatus } from '../../../shared/tasks/listFilters';
import { TASK_ROUTES as ROUTES } from '../../../shared/tasks/routes';
import type { ProgressStatus, ReviewInput, TaskType } from '../../../shared/tasks/schema';
import type { UrgencyFilter } from '../../../shared/tasks/urgency';
import { call } from '../../lib/api';
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

export function useTasks(eventId: string, params: TaskListParams) {
  return useQuery({
    queryKey: [...tasksKey(eventId), 'list', params],
    queryFn: () =>
      call(ROUTES.list, {
        params: { eventId },
        query: {
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
        },
      }),
    placeholderData: keepPreviousData,
    enabled: eventId !== '',
  });
}

export const useTask = (eventId: string, taskId: string) =>
  useQuery({
    queryKey: [...tasksKey(eventId), 'detail', taskId],
    queryFn: () => call(ROUTES.get, { params: { eventId, taskId } }),
    enabled: eventId !== '' && taskId !== '',
  });

export const useTaskGroups = (eventId: string, archived = false) =>
  useQuery({
    queryKey: [...tasksKey(eventId), 'groups', archived],
    queryFn: () =>
      call(ROUTES.listGroups, { params: { eventId }, query: { archived: archived ? 'true' : undefined } }),
    enabled: eventId !== '',
  });

export const useTaskGroup = (eventId: string, groupId: string) =>
  useQuery({
    queryKey: [...tasksKey(eventId), 'group', groupId],
    queryFn: () => call(ROUTES.getGroup, { params: { eventId, groupId } }),
    enabled: eventId !== '' && groupId !== '',
  });

export const useMyTasks = (eventId: string) =>
  useQuery({
    queryKey: [...tasksKey(eventId), 'mine'],
    queryFn: () => call(ROUTES.mine, { params: { eventId } }),
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
      ? call(ROUTES.update, { params: { eventId, taskId }, body })
      : call(ROUTES.create, { params: { eventId }, body }),
  );

export const useArchiveTask = (eventId: string) =>
  useTaskMutation(eventId, ({ taskId, archive }: { taskId: string; archive: boolean }) =>
    call(archive ? ROUTES.archive : ROUTES.unarchive, { params: { eventId, taskId } }),
  );

export const useSaveTaskGroup = (eventId: string, groupId: string | null) =>
  useTaskMutation(eventId, (body: { title: string }) =>
    groupId
      ? call(ROUTES.updateGroup, { params: { eventId, groupId }, body })
      : call(ROUTES.createGroup, { params: { eventId }, body }),
  );

export const useArchiveTaskGroup = (eventId: string) =>
  useTaskMutation(eventId, ({ groupId, archive }: { groupId: string; archive: boolean }) =>
    call(archive ? ROUTES.archiveGroup : ROUTES.unarchiveGroup, { params: { eventId, groupId } }),
  );

export const useDeleteTaskGroup = (eventId: string) =>
  useTaskMutation(eventId, (groupId: string) => call(ROUTES.deleteGroup, { params: { eventId, groupId } }));

export const useSetMyProgress = (eventId: string) =>
  useTaskMutation(eventId, ({ taskId, progressStatus }: { taskId: string; progressStatus: ProgressStatus }) =>
    call(ROUTES.setStatus, { params: { eventId, taskId }, body: { progressStatus } }),
  );

export const useDeleteTask = (eventId: string) =>
  useTaskMutation(eventId, (taskId: string) => call(ROUTES.delete, { params: { eventId, taskId } }));

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
      call(ROUTES.teamStatuses, {
        params: { eventId, taskId },
        query: {
          page: params.page,
          sort: params.sort,
          order: params.order,
          search: params.search.trim(),
          status: params.status,
          actionStatus: params.actionStatus ?? undefined,
        },
      }),
    placeholderData: keepPreviousData,
    enabled: eventId !== '' && taskId !== '',
  });

/** A moderator approves or rejects one team's completed task (rejecting needs a review). */
export const useReviewTask = (eventId: string, taskId: string) =>
  useTaskMutation(eventId, ({ teamId, ...body }: ReviewInput & { teamId: string }) =>
    call(ROUTES.review, { params: { eventId, taskId, teamId }, body }),
  );

export const useBulkSetStatus = (eventId: string, taskId: string) =>
  useTaskMutation(eventId, (body: BulkStatusBody) =>
    call(ROUTES.setTeamStatuses, { params: { eventId, taskId }, body }),
  );

export const useDueSummary = (eventId: string) =>
  useQuery({
    queryKey: [...tasksKey(eventId), 'due-summary'],
    queryFn: () => call(ROUTES.dueSummary, { params: { eventId } }),
    enabled: eventId !== '',
  });

// ---- The order of a group's tasks ----

export const useGroupTasks = (eventId: string, groupId: string) =>
  useQuery({
    queryKey: [...tasksKey(eventId), 'group-tasks', groupId],
    queryFn: () => call(ROUTES.groupTasks, { params: { eventId, groupId } }),
    enabled: eventId !== '' && groupId !== '',
  });

export const useReorderGroupTasks = (eventId: string, groupId: string) =>
  useTaskMutation(eventId, (taskIds: string[]) =>
    call(ROUTES.orderGroupTasks, { params: { eventId, groupId }, body: { taskIds } }),
  );
