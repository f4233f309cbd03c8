import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TASK_ROUTES as ROUTES } from '../../../shared/tasks/routes';
import { call } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import { sessionKeys } from '../../lib/session';

/**
 * The team side of a task beyond progress: comments, assignees, disclaimer, uploads. Keys sit under
 * the event's 'tasks' key (as tasksApi.ts does), so a progress change there refreshes these too.
 */
const tasksKey = (eventId: string) => [...sessionKeys.event(eventId), 'tasks'] as const;
const threadKey = (eventId: string, taskId: string, teamId: string) =>
  [...tasksKey(eventId), 'team', taskId, teamId] as const;

/** One team's side of a task: the params of its thread's routes. */
export type Thread = { eventId: string; taskId: string; teamId: string };

export const useTeamWorkSummary = (eventId: string) =>
  useQuery({
    queryKey: [...tasksKey(eventId), 'work-summary'],
    queryFn: () => call(ROUTES.workSummary, { params: { eventId } }),
    enabled: eventId !== '',
  });

export const useTeamWork = ({ eventId, taskId, teamId }: Thread) =>
  useQuery({
    queryKey: [...threadKey(eventId, taskId, teamId), 'work'],
    queryFn: () => call(ROUTES.work, { params: { eventId, taskId, teamId } }),
    enabled: eventId !== '' && taskId !== '' && teamId !== '',
  });

export const useThread = ({ eventId, taskId, teamId }: Thread) =>
  useQuery({
    queryKey: [...threadKey(eventId, taskId, teamId), 'comments'],
    queryFn: () => call(ROUTES.thread, { params: { eventId, taskId, teamId } }),
    enabled: eventId !== '' && taskId !== '' && teamId !== '',
  });

export const useTaskUploads = ({ eventId, taskId, teamId }: Thread, enabled = true) =>
  useQuery({
    queryKey: [...threadKey(eventId, taskId, teamId), 'uploads'],
    queryFn: () => call(ROUTES.uploads, { params: { eventId, taskId, teamId } }),
    enabled: enabled && eventId !== '' && taskId !== '' && teamId !== '',
  });

/** A change to one team's side of a task; `wide` also refreshes the lists (progress may have moved). */
function useThreadMutation<V, R>(thread: Thread, run: (params: Thread, vars: V) => Promise<R>, wide = false) {
  const queryClient = useQueryClient();
  const params = { eventId: thread.eventId, taskId: thread.taskId, teamId: thread.teamId };
  return useMutation({
    mutationFn: (vars: V) => run(params, vars),
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
  useThreadMutation(thread, (params, text: string) => call(ROUTES.comment, { params, body: { text } }));

export const useAddReply = (thread: Thread) =>
  useThreadMutation(thread, (params, { commentId, text }: { commentId: string; text: string }) =>
    call(ROUTES.reply, { params: { ...params, commentId }, body: { text } }),
  );

export const useToggleLike = (thread: Thread) =>
  useThreadMutation(thread, (params, commentId: string) =>
    call(ROUTES.like, { params: { ...params, commentId } }),
  );

export const usePinComment = (thread: Thread) =>
  useThreadMutation(thread, (params, { commentId, isPinned }: { commentId: string; isPinned: boolean }) =>
    call(ROUTES.pin, { params: { ...params, commentId }, body: { isPinned } }),
  );

export const useDeleteComment = (thread: Thread) =>
  useThreadMutation(thread, (params, commentId: string) =>
    call(ROUTES.deleteComment, { params: { ...params, commentId } }),
  );

export const useChangeAssignees = (thread: Thread) =>
  useThreadMutation(thread, (params, change: { add: string[]; remove: string[] }) =>
    call(ROUTES.assignees, { params, body: change }),
  );

export const useAcceptDisclaimer = (thread: Thread) =>
  useThreadMutation(
    thread,
    (params, _: undefined) => call(ROUTES.acceptDisclaimer, { params, body: { accepted: true } }),
    true,
  );

export const useAddUpload = (thread: Thread) =>
  useThreadMutation(
    thread,
    (params, fileId: string) => call(ROUTES.attachUpload, { params, body: { fileId } }),
    true,
  );

export const useRemoveUpload = (thread: Thread) =>
  useThreadMutation(
    thread,
    (params, uploadId: string) => call(ROUTES.detachUpload, { params: { ...params, uploadId } }),
    true,
  );
