import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconHeart, IconHeartFilled, IconPin } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { COMMENT_ERRORS, type Mentionable } from '../../../../shared/tasks/commentRules';
import type { CommentView, ReplyView } from '../../../../shared/tasks/comments';
import { errorMessage } from '../../../lib/errors';
import { type DateContext, formatDateTime } from '../../../lib/format';
import { useEventDates } from '../../../lib/session';
import { useConfirm } from '../../../ui/confirm';
import { useFeedback } from '../../../ui/FeedbackBanner';
import { PersonAvatar } from '../../../ui/PersonAvatar';
import { LoadFailed, Loading } from '../../../ui/QueryState';
import {
  type Thread,
  useAddComment,
  useAddReply,
  useDeleteComment,
  usePinComment,
  useThread,
  useToggleLike,
} from '../teamTasksApi';
import { MentionTextarea } from './MentionTextarea';

/** Writes a comment or a reply; the box empties once the server has it. */
function Compose(props: {
  label: string;
  submitLabel: string;
  /** The spec's words for an empty text: 'Invalid comment' or 'Invalid reply'. */
  emptyError: string;
  members: readonly Mentionable[];
  onSubmit: (text: string) => Promise<unknown>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return setError(props.emptyError);
    setBusy(true);
    try {
      await props.onSubmit(text);
      setText('');
      setError(undefined);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <MentionTextarea
          label={props.label}
          value={text}
          onChange={setText}
          members={props.members}
          error={error}
          autoFocus={props.autoFocus}
        />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={busy}>
            {props.submitLabel}
          </Button>
          {props.onCancel && (
            <Button size="xs" variant="default" onClick={props.onCancel}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** The like, pin and delete buttons of a comment or a reply. */
function EntryActions(props: {
  thread: Thread;
  entry: ReplyView | CommentView;
  kind: 'comment' | 'reply';
  canPin?: boolean;
  onReply?: () => void;
}) {
  const { entry, kind } = props;
  const feedback = useFeedback();
  const confirm = useConfirm();
  const like = useToggleLike(props.thread);
  const pin = usePinComment(props.thread);
  const remove = useDeleteComment(props.thread);
  const onError = (error: unknown) => feedback.error(error);
  const isPinned = 'isPinned' in entry && entry.isPinned;
  const who = entry.author.name;
  return (
    <Group gap={4}>
      <Button
        size="compact-xs"
        variant="subtle"
        aria-pressed={entry.likedByMe}
        aria-label={`${entry.likedByMe ? 'Unlike' : 'Like'} the ${kind} by ${who} (${entry.likes.length} likes)`}
        leftSection={
          entry.likedByMe ? <IconHeartFilled size={14} aria-hidden /> : <IconHeart size={14} aria-hidden />
        }
        loading={like.isPending}
        onClick={() => like.mutate(entry.id, { onError })}
      >
        {entry.likes.length}
      </Button>
      {props.onReply && (
        <Button size="compact-xs" variant="subtle" onClick={props.onReply} aria-label={`Reply to ${who}`}>
          Reply
        </Button>
      )}
      {props.canPin && (
        <Button
          size="compact-xs"
          variant="subtle"
          loading={pin.isPending}
          onClick={() => pin.mutate({ commentId: entry.id, isPinned: !isPinned }, { onError })}
          aria-label={`${isPinned ? 'Unpin' : 'Pin'} the comment by ${who}`}
        >
          {isPinned ? 'Unpin' : 'Pin'}
        </Button>
      )}
      {entry.can.delete && (
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          aria-label={`Delete the ${kind} by ${who}`}
          onClick={() =>
            confirm({
              title: kind === 'comment' ? 'Delete this comment?' : 'Delete this reply?',
              message:
                kind === 'comment'
                  ? 'The comment and all its replies are deleted for everyone. This cannot be undone.'
                  : 'The reply is deleted for everyone. This cannot be undone.',
              confirmLabel: 'Delete',
              onConfirm: () => remove.mutateAsync(entry.id, { onSuccess: () => feedback.success(), onError }),
            })
          }
        >
          Delete
        </Button>
      )}
    </Group>
  );
}

function Byline({ entry, dates }: { entry: ReplyView; dates: DateContext }) {
  return (
    <Group gap="xs">
      <PersonAvatar name={entry.author.name} />
      <Text size="sm" fw={600}>
        {entry.author.name}
      </Text>
      {entry.author.isOrganiser && (
        <Badge size="xs" variant="outline" color="gray" c="dark.9">
          Organiser
        </Badge>
      )}
      <Text size="xs" c="dimmed">
        {formatDateTime(entry.createdAt, dates)}
      </Text>
    </Group>
  );
}

function CommentCard(props: {
  thread: Thread;
  comment: CommentView;
  canPin: boolean;
  members: readonly Mentionable[];
  dates: DateContext;
}) {
  const { comment, thread, dates } = props;
  const [replying, setReplying] = useState(false);
  const reply = useAddReply(thread);
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={`Comment by ${comment.author.name}`}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Byline entry={comment} dates={dates} />
          {comment.isPinned && (
            <Badge
              size="sm"
              leftSection={<IconPin size={12} aria-hidden />}
              variant="light"
              color="blue"
              c="dark.9"
            >
              Pinned
            </Badge>
          )}
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {comment.text}
        </Text>
        <EntryActions
          thread={thread}
          entry={comment}
          kind="comment"
          canPin={props.canPin}
          onReply={() => setReplying((open) => !open)}
        />
        {comment.replies.length > 0 && (
          <Stack gap="xs" pl="md" style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}>
            {comment.replies.map((r) => (
              <Stack key={r.id} gap={4} component="article" aria-label={`Reply by ${r.author.name}`}>
                <Byline entry={r} dates={dates} />
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {r.text}
                </Text>
                <EntryActions thread={thread} entry={r} kind="reply" />
              </Stack>
            ))}
          </Stack>
        )}
        {replying && (
          <Compose
            label={`Reply to ${comment.author.name}`}
            submitLabel="Reply"
            emptyError={COMMENT_ERRORS.invalidReply}
            members={props.members}
            autoFocus
            onCancel={() => setReplying(false)}
            onSubmit={async (text) => {
              await reply.mutateAsync({ commentId: comment.id, text });
              setReplying(false);
            }}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** One team's comments on a task: read by the team and the organisers, never by another team. */
export function TaskComments({ thread }: { thread: Thread }) {
  const dates = useEventDates();
  const comments = useThread(thread);
  const add = useAddComment(thread);
  const headingId = `comments-${thread.taskId}-${thread.teamId}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        Comments{comments.data ? ` (${comments.data.items.length})` : ''}
      </Title>
      {comments.isPending ? (
        <Loading label="Loading the comments" />
      ) : comments.isError ? (
        <LoadFailed
          title="The comments could not be loaded"
          error={comments.error}
          retry={comments.refetch}
        />
      ) : (
        <>
          {comments.data.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              No comments yet. Ask a question or leave a note for your team and the organisers.
            </Text>
          ) : (
            comments.data.items.map((comment) => (
              <CommentCard
                key={comment.id}
                thread={thread}
                comment={comment}
                canPin={comments.data.can.pin}
                members={comments.data.members}
                dates={dates}
              />
            ))
          )}
          <Compose
            label="Add a comment"
            submitLabel="Post comment"
            emptyError={COMMENT_ERRORS.invalidComment}
            members={comments.data.members}
            onSubmit={(text) => add.mutateAsync(text)}
          />
        </>
      )}
    </Stack>
  );
}
