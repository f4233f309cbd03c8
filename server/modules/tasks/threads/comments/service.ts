import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { can } from '../../../../../shared/auth/permissions';
import {
  COMMENT_ERRORS,
  type CommentView,
  canDelete,
  canPin,
  type LikeResponse,
  orderComments,
  type ReplyView,
  type ThreadResponse,
} from '../../../../../shared/tasks/comments';
import type { DbOrTx } from '../../../../platform/db/client';
import { SYSTEM_ACTOR } from '../../../../platform/db/columns';
import { badRequest, forbidden, notFound } from '../../../../platform/http/errors';
import { accounts } from '../../../auth/tables';
import { memberships } from '../../../people/tables';
import type { Thread } from '../policy';
import { taskComments } from '../tables';
import { queueMentionEmails, teamMembers } from './email';

/** One team's comments on one task: read, write, reply, like, pin, delete (decision 0011). */

type CommentRecord = typeof taskComments.$inferSelect;
type Author = { id: string; name: string; isOrganiser: boolean };
const SYSTEM_AUTHOR: Author = { id: SYSTEM_ACTOR, name: 'System Update', isOrganiser: true };
const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

const threadWhere = (thread: Thread) =>
  and(
    eq(taskComments.eventId, thread.task.eventId),
    eq(taskComments.taskId, thread.task.id),
    eq(taskComments.teamId, thread.team.id),
  );

/** Names of the authors, and whether each is an organiser of the event (their badge in the thread). */
async function authorsOf(db: DbOrTx, eventId: string, ids: string[]): Promise<Map<string, Author>> {
  const uuids = [...new Set(ids.filter(isUuid))];
  const rows = uuids.length
    ? await db
        .select({
          id: accounts.id,
          firstName: accounts.firstName,
          surname: accounts.surname,
          permissions: memberships.permissions,
        })
        .from(accounts)
        .leftJoin(memberships, and(eq(memberships.accountId, accounts.id), eq(memberships.eventId, eventId)))
        .where(inArray(accounts.id, uuids))
    : [];
  const byId = new Map<string, Author>(
    rows.map((r) => [
      r.id,
      { id: r.id, name: `${r.firstName} ${r.surname}`, isOrganiser: can(r.permissions, 'moderator') },
    ]),
  );
  return byId;
}

function authorOf(authors: Map<string, Author>, id: string): Author {
  if (id === SYSTEM_ACTOR) return SYSTEM_AUTHOR;
  return authors.get(id) ?? { id, name: 'Former member', isOrganiser: false };
}

function presentReply(row: CommentRecord, thread: Thread, authors: Map<string, Author>): ReplyView {
  return {
    id: row.id,
    text: row.text,
    teamId: row.teamId,
    author: authorOf(authors, row.createdBy),
    createdAt: row.createdAt.toISOString(),
    likes: row.likes,
    likedByMe: row.likes.includes(thread.viewer.accountId),
    can: { delete: canDelete(thread.viewer, thread.team.id, row.createdBy) },
  };
}

export async function listThread(db: DbOrTx, thread: Thread): Promise<ThreadResponse> {
  const [rows, members] = await Promise.all([
    db.select().from(taskComments).where(threadWhere(thread)).orderBy(asc(taskComments.createdAt)),
    teamMembers(db, thread.task.eventId, thread.team.id),
  ]);
  const authors = await authorsOf(
    db,
    thread.task.eventId,
    rows.map((r) => r.createdBy),
  );
  const repliesOf = new Map<string, ReplyView[]>();
  for (const row of rows) {
    if (!row.parentId) continue;
    const list = repliesOf.get(row.parentId) ?? [];
    list.push(presentReply(row, thread, authors));
    repliesOf.set(row.parentId, list);
  }
  const comments: CommentView[] = rows
    .filter((row) => !row.parentId)
    .map((row) => ({
      ...presentReply(row, thread, authors),
      isPinned: row.isPinned,
      pinnedAt: row.pinnedAt?.toISOString() ?? null,
      replies: repliesOf.get(row.id) ?? [],
    }));
  return {
    taskId: thread.task.id,
    teamId: thread.team.id,
    teamName: thread.team.name,
    items: orderComments(comments),
    members,
    can: { pin: canPin(thread.viewer, thread.team.id) },
  };
}

async function findInThread(db: DbOrTx, thread: Thread, commentId: string): Promise<CommentRecord> {
  const [row] = await db
    .select()
    .from(taskComments)
    .where(and(threadWhere(thread), eq(taskComments.id, commentId)));
  if (!row) throw notFound(COMMENT_ERRORS.notFound);
  return row;
}

/** Writes a comment (or, with a parent, a reply) and emails the members it mentions. */
export async function addComment(
  tx: DbOrTx,
  thread: Thread,
  text: string,
  parentId: string | null = null,
): Promise<{ view: ReplyView | CommentView; outboxIds: string[] }> {
  if (parentId) {
    const parent = await findInThread(tx, thread, parentId);
    if (parent.parentId) throw badRequest(COMMENT_ERRORS.replyToReply);
  }
  const by = thread.viewer.accountId;
  const { mentions, outboxIds } = await queueMentionEmails(tx, {
    eventId: thread.task.eventId,
    teamId: thread.team.id,
    taskId: thread.task.id,
    taskTitle: thread.task.title,
    text,
    authorId: by,
  });
  const [row] = await tx
    .insert(taskComments)
    .values({
      eventId: thread.task.eventId,
      taskId: thread.task.id,
      teamId: thread.team.id,
      parentId,
      text,
      mentions,
      createdBy: by,
      updatedBy: by,
    })
    .returning();
  const authors = await authorsOf(tx, thread.task.eventId, [by]);
  const reply = presentReply(row, thread, authors);
  const view = parentId ? reply : { ...reply, isPinned: false, pinnedAt: null, replies: [] };
  return { view, outboxIds };
}

/** A like toggles per user (spec), in one statement so concurrent likes never overwrite each other. */
export async function toggleCommentLike(
  db: DbOrTx,
  thread: Thread,
  commentId: string,
): Promise<LikeResponse> {
  const me = thread.viewer.accountId;
  const [row] = await db
    .update(taskComments)
    .set({
      likes: sql`case when ${me}::uuid = any(${taskComments.likes}) then array_remove(${taskComments.likes}, ${me}::uuid) else array_append(${taskComments.likes}, ${me}::uuid) end`,
    })
    .where(and(threadWhere(thread), eq(taskComments.id, commentId)))
    .returning({ id: taskComments.id, likes: taskComments.likes });
  if (!row) throw notFound(COMMENT_ERRORS.notFound);
  return { id: row.id, likes: row.likes, likedByMe: row.likes.includes(me) };
}

export async function setCommentPinned(
  db: DbOrTx,
  thread: Thread,
  commentId: string,
  isPinned: boolean,
): Promise<void> {
  if (!canPin(thread.viewer, thread.team.id)) throw forbidden(COMMENT_ERRORS.pinDenied);
  const row = await findInThread(db, thread, commentId);
  if (row.parentId) throw badRequest(COMMENT_ERRORS.pinReply);
  await db
    .update(taskComments)
    .set({
      isPinned,
      pinnedAt: isPinned ? new Date() : null,
      updatedBy: thread.viewer.accountId,
      updatedAt: new Date(),
    })
    .where(and(threadWhere(thread), eq(taskComments.id, commentId), isNull(taskComments.parentId)));
}

/** Deleting a comment deletes its replies (the parent foreign key cascades). */
export async function deleteComment(db: DbOrTx, thread: Thread, commentId: string): Promise<void> {
  const row = await findInThread(db, thread, commentId);
  if (!canDelete(thread.viewer, thread.team.id, row.createdBy)) throw forbidden(COMMENT_ERRORS.deleteDenied);
  await db.delete(taskComments).where(and(threadWhere(thread), eq(taskComments.id, commentId)));
}
