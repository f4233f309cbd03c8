import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { APPROVAL_ERRORS } from '../../../shared/tasks/approvals';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { useFeedback } from '../../ui/FeedbackBanner';
import { useReviewTask } from './tasksApi';

/**
 * Approve or reject a team's completed task that awaits approval. The review is what the team reads;
 * rejecting needs one, so the team knows what to change.
 */
export function ApprovalReview({ taskId, teamId }: { taskId: string; teamId: string }) {
  const { event } = useSession();
  const review = useReviewTask(event?.id ?? '', taskId);
  const feedback = useFeedback();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();

  function decide(decision: 'approved' | 'rejected') {
    if (decision === 'rejected' && !text.trim()) return setError(APPROVAL_ERRORS.reviewRequired);
    setError(undefined);
    review.mutate(
      { teamId, decision, review: text },
      {
        onSuccess: () =>
          feedback.success(
            decision === 'approved' ? 'The task has been approved' : 'The task has been rejected',
          ),
        onError: (failure) => {
          setError(errorMessage(failure));
          feedback.error(failure);
        },
      },
    );
  }

  return (
    <Stack gap="xs">
      <Textarea
        label="Review"
        description="The team reads this with the decision; a rejection needs one."
        rows={2}
        value={text}
        error={error}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <Group gap="xs">
        <Button
          size="xs"
          loading={review.isPending && review.variables?.decision === 'approved'}
          disabled={review.isPending}
          onClick={() => decide('approved')}
        >
          Approve
        </Button>
        <Button
          size="xs"
          variant="default"
          color="red"
          loading={review.isPending && review.variables?.decision === 'rejected'}
          disabled={review.isPending}
          onClick={() => decide('rejected')}
        >
          Reject
        </Button>
      </Group>
    </Stack>
  );
}
