import type { ProgressStatus } from '../../../../shared/tasks/index';
import type { AppContext } from '../../../platform/context';
import type { Tx } from '../../../platform/db/client';
import { withTransaction } from '../../../platform/db/transaction';
import type { Actor } from '../../../platform/http/guards';
import { dispatchEmails } from '../../emails/service';
import { signalCommentsAfterCommit, signalStatusesAfterCommit } from '../live';
import { setMyProgress } from '../myTasks/service';
import { changeAssignees } from './assignments/service';
import { addComment, deleteComment, setCommentPinned, toggleCommentLike } from './comments/service';
import { acceptDisclaimer } from './disclaimers/service';
import { openThread, type Thread } from './policy';
import { addUpload, removeUpload } from './uploads/service';

/**
 * The team's side of a task, one transaction per request: the thread (task and team, checked
 * against the actor) is opened inside it, so a change and the check it rests on see one state.
 */
type ThreadKey = { taskId: string; teamId: string };

function inThread<T>(
  ctx: AppContext,
  actor: Actor,
  key: ThreadKey,
  work: (tx: Tx, thread: Thread, afterCommit: (ids: string[]) => void) => Promise<T>,
  live: { comments?: boolean } = {},
): Promise<T> {
  return withTransaction(ctx.db, async (tx, effects) => {
    const thread = await openThread(tx, actor, key.taskId, key.teamId);
    const result = await work(tx, thread, (outboxIds) =>
      effects.afterCommit(() => dispatchEmails(ctx, outboxIds)),
    );
    // The thread's readers (its team and organisers) see the conversation change without reloading.
    if (live.comments) signalCommentsAfterCommit(ctx, effects, actor.eventId, thread.team.id);
    return result;
  });
}

const COMMENTS = { comments: true };

/** A comment or, with parentId, a reply; the mention emails go once it has committed. */
export function commentOnThread(
  ctx: AppContext,
  actor: Actor,
  key: ThreadKey,
  text: string,
  parentId?: string,
) {
  return inThread(
    ctx,
    actor,
    key,
    async (tx, thread, emailsAfterCommit) => {
      const { view, outboxIds } = await addComment(tx, thread, text, parentId);
      emailsAfterCommit(outboxIds);
      return view;
    },
    COMMENTS,
  );
}

export function likeComment(ctx: AppContext, actor: Actor, key: ThreadKey, commentId: string) {
  return inThread(ctx, actor, key, (tx, thread) => toggleCommentLike(tx, thread, commentId), COMMENTS);
}

export function pinComment(
  ctx: AppContext,
  actor: Actor,
  key: ThreadKey,
  commentId: string,
  isPinned: boolean,
) {
  return inThread(
    ctx,
    actor,
    key,
    (tx, thread) => setCommentPinned(tx, thread, commentId, isPinned),
    COMMENTS,
  );
}

export function removeComment(ctx: AppContext, actor: Actor, key: ThreadKey, commentId: string) {
  return inThread(ctx, actor, key, (tx, thread) => deleteComment(tx, thread, commentId), COMMENTS);
}

export function setAssignees(
  ctx: AppContext,
  actor: Actor,
  key: ThreadKey,
  change: { add: string[]; remove: string[] },
) {
  return inThread(ctx, actor, key, (tx, thread) => changeAssignees(tx, thread, change));
}

export function acceptTaskDisclaimer(ctx: AppContext, actor: Actor, key: ThreadKey) {
  return inThread(ctx, actor, key, (tx, thread) => acceptDisclaimer(tx, actor, thread));
}

export function attachUpload(ctx: AppContext, actor: Actor, key: ThreadKey, fileId: string) {
  return inThread(ctx, actor, key, (tx, thread) => addUpload(tx, actor, thread, fileId));
}

export function detachUpload(ctx: AppContext, actor: Actor, key: ThreadKey, uploadId: string) {
  return inThread(ctx, actor, key, (tx, thread) => removeUpload(tx, ctx, actor, thread, uploadId));
}

/** A team member marks their team's task done or not done. */
export function saveMyProgress(ctx: AppContext, actor: Actor, taskId: string, progress: ProgressStatus) {
  return withTransaction(ctx.db, async (tx, effects) => {
    const saved = await setMyProgress(tx, actor, taskId, progress);
    signalStatusesAfterCommit(ctx, effects, actor.eventId, [saved.teamId]);
    return saved;
  });
}
