import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  commentViewSchema,
  likeResponseSchema,
  replyViewSchema,
  threadResponseSchema,
} from '../../../shared/tasks/comments';
import type {
  acceptanceSchema,
  assignmentResponseSchema,
  taskUploadSchema,
  teamWorkSchema,
  teamWorkSummarySchema,
  uploadListSchema,
} from '../../../shared/tasks/teamWork';
import { type Answer, api } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import { sessionKeys } from '../../lib/session';

/**
 * The team side of a task beyond progress: comments, assignees, disclaimer, uploads. Keys sit under
 * the event's 'tasks' key (as tasksApi.ts does), so a progress change there refreshes these too.
 */
const tasksKey = (eventId: string) => [...sessionKeys.event(eventId), 'tasks'] as const;
const threadKey = (eventId: string, taskId: string, teamId: string) =>
  [...tasksKey(eventId), 'team', taskId, teamId] as const;
const threadPath = (eventId: string, taskId: string, teamId: string) =>
  `/api/events/${eventId}/tasks/${taskId}/teams/${teamId}`;

export type Thread = { eventId: string; taskId: string; teamId: string };

export const useTeamWorkSummary = (eventId: string) =>
  useQuery({
    queryKey: [...tasksKey(eventId), 'work-summary'],
    queryFn: () => api.get<Answer<typeof teamWorkSummarySchema>>(`/api/events/${eventId}/my-tasks/work`),
    enabled: eventId !== '',
  });

export const useTeamWork = ({ eventId, taskId, teamId }: Thread) =>
  useQuery({
    queryKey: [...threadKey(eventId, taskId, teamId), 'work'],
    queryFn: () => api.get<Answer<typeof teamWorkSchema>>(`${threadPath(eventId, taskId, teamId)}/work`),
    enabled: eventId !== '' && taskId !== '' && teamId !== '',
  });

export const useThread = ({ eventId, taskId, teamId }: Thread) =>
  useQuery({
    queryKey: [...threadKey(eventId, taskId, teamId), 'comments'],
    queryFn: () =>
      api.get<Answer<typeof threadResponseSchema>>(`${threadPath(eventId, taskId, teamId)}/comments`),
    enabled: eventId !== '' && taskId !== '' && teamId !== '',
  });

export const useTaskUploads = ({ eventId, taskId, teamId }: Thread, enabled = true) =>
  useQuery({
    queryKey: [...threadKey(eventId, taskId, teamId), 'uploads'],
    queryFn: () => api.get<Answer<typeof uploadListSchema>>(`${threadPath(eventId, taskId, teamId)}/uploads`),
    enabled: enabled && eventId !== '' && taskId !== '' && teamId !== '',
  });

/** A change to one team's side of a task; `wide` also refreshes the lists (progress may have moved). */
function useThreadMutation<V, R>(thread: Thread, run: (path: string, vars: V) => Promise<R>, wide = false) {
  const queryClient = useQueryClient();
  const path = threadPath(thread.eventId, thread.taskId, thread.teamId);
  return useMutation({
    mutationFn: (vars: V) => run(path, vars),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: wide ? tasksKey(thread.eventId) : threadKey(thread.eventId, thread.taskId, thread.teamId),
        }),
        queryClient.invalidateQueries({ queryKey: [...tasksKey(thread.eventId), 'work-summary'] }),
      ]),
  });
}

export const useAddComment = (thread: Thread) =>
  useThreadMutation(thread, (path, text: string) =>
    api.post<Answer<typeof commentViewSchema>>(`${path}/comments`, { text }),
  );

export const useAddReply = (thread: Thread) =>
  useThreadMutation(thread, (path, { commentId, text }: { commentId: string; text: string }) =>
    api.post<Answer<typeof replyViewSchema>>(`${path}/comments/${commentId}/replies`, { text }),
  );

export const useToggleLike = (thread: Thread) =>
  useThreadMutation(thread, (path, commentId: string) =>
    api.post<Answer<typeof likeResponseSchema>>(`${path}/comments/${commentId}/like`, {}),
  );

export const usePinComment = (thread: Thread) =>
  useThreadMutation(thread, (path, { commentId, isPinned }: { commentId: string; isPinned: boolean }) =>
    api.put(`${path}/comments/${commentId}/pin`, { isPinned }),
  );

export const useDeleteComment = (thread: Thread) =>
  useThreadMutation(thread, (path, commentId: string) => api.delete(`${path}/comments/${commentId}`, {}));

export const useChangeAssignees = (thread: Thread) =>
  useThreadMutation(thread, (path, change: { add: string[]; remove: string[] }) =>
    api.put<Answer<typeof assignmentResponseSchema>>(`${path}/assignees`, change),
  );

export const useAcceptDisclaimer = (thread: Thread) =>
  useThreadMutation(
    thread,
    (path, _: undefined) =>
      api.post<Answer<typeof acceptanceSchema>>(`${path}/disclaimer`, { accepted: true }),
    true,
  );

export const useAddUpload = (thread: Thread) =>
  useThreadMutation(
    thread,
    (path, fileId: string) => api.post<Answer<typeof taskUploadSchema>>(`${path}/uploads`, { fileId }),
    true,
  );

export const useRemoveUpload = (thread: Thread) =>
  useThreadMutation(thread, (path, uploadId: string) => api.delete(`${path}/uploads/${uploadId}`, {}), true);
