import { z } from 'zod';
import { COMMENT_MAX_LENGTH } from './constants';
import { commentInputSchema, replyInputSchema } from './schema';

// The rules (who may do what, mentions, order) are in commentRules.ts, free of Zod for the screens
// (decision 0041); they are re-exported here for the server.
export * from './commentRules';

// ---- HTTP contract ----

export const threadParamsSchema = z.object({ eventId: z.uuid(), taskId: z.uuid(), teamId: z.uuid() });
export const commentParamsSchema = threadParamsSchema.extend({ commentId: z.uuid() });
export const commentBodySchema = commentInputSchema;
export const replyBodySchema = replyInputSchema;
export const pinBodySchema = z.strictObject({ isPinned: z.boolean() });
export { COMMENT_MAX_LENGTH };

export const commentAuthorSchema = z.object({
  id: z.string(),
  /** 'System Update' for changes the platform made (spec). */
  name: z.string(),
  isOrganiser: z.boolean(),
});

const entrySchema = z.object({
  id: z.uuid(),
  text: z.string(),
  teamId: z.uuid(),
  author: commentAuthorSchema,
  createdAt: z.string(),
  likes: z.array(z.string()),
  likedByMe: z.boolean(),
  can: z.object({ delete: z.boolean() }),
});
export const replyViewSchema = entrySchema;
export type ReplyView = z.output<typeof replyViewSchema>;
export const commentViewSchema = entrySchema.extend({
  isPinned: z.boolean(),
  pinnedAt: z.string().nullable(),
  replies: z.array(replyViewSchema),
});
export type CommentView = z.output<typeof commentViewSchema>;

export const mentionableSchema = z.object({ id: z.uuid(), firstName: z.string(), surname: z.string() });

export const threadResponseSchema = z.object({
  taskId: z.uuid(),
  teamId: z.uuid(),
  teamName: z.string(),
  items: z.array(commentViewSchema),
  /** The team's members, for the '@' suggestion list. */
  members: z.array(mentionableSchema),
  can: z.object({ pin: z.boolean() }),
});
export type ThreadResponse = z.output<typeof threadResponseSchema>;

export const likeResponseSchema = z.object({
  id: z.uuid(),
  likes: z.array(z.string()),
  likedByMe: z.boolean(),
});
export type LikeResponse = z.output<typeof likeResponseSchema>;
