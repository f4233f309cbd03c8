import { Alert, Button, Checkbox, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { TeamWork } from '../../../../shared/tasks/teamWork';
import { type DateContext, formatDateTime } from '../../../lib/format';
import { useFeedback } from '../../../ui/FeedbackBanner';
import { type Thread, useAcceptDisclaimer } from '../teamTasksApi';

/** A disclaimer task: its text, and the team's acceptance (who and when), which completes it. */
export function DisclaimerAccept(props: {
  thread: Thread;
  work: TeamWork;
  text: string;
  dates: DateContext;
}) {
  const { work } = props;
  const [ticked, setTicked] = useState(false);
  const accept = useAcceptDisclaimer(props.thread);
  const feedback = useFeedback();
  return (
    <Alert color="gray" title="Disclaimer">
      <Stack gap="sm">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {props.text || 'The organisers have not written the disclaimer text yet.'}
        </Text>
        {work.acceptance && (
          <Text size="sm" fw={600}>
            Accepted by {work.acceptance.acceptedByName} on{' '}
            {formatDateTime(work.acceptance.acceptedAt, props.dates)}
          </Text>
        )}
        {work.can.accept && !work.acceptance && (
          <>
            <Checkbox
              label="I have read the disclaimer and accept it on behalf of my team"
              checked={ticked}
              onChange={(event) => setTicked(event.currentTarget.checked)}
            />
            <Button
              size="sm"
              w="fit-content"
              disabled={!ticked}
              loading={accept.isPending}
              onClick={() =>
                accept.mutate(undefined, {
                  onSuccess: () => feedback.success('Disclaimer accepted'),
                  onError: (error) => feedback.error(error),
                })
              }
            >
              Accept disclaimer
            </Button>
          </>
        )}
      </Stack>
    </Alert>
  );
}
