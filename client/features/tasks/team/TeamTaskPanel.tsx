import { Stack, Text } from '@mantine/core';
import type { TaskType } from '../../../../shared/tasks/schema';
import { formatDateTime } from '../../../lib/format';
import { useEventDates, useSession } from '../../../lib/session';
import { LoadFailed, Loading } from '../../../ui/QueryState';
import { TaskComments } from '../comments/TaskComments';

import { useTeamWork } from '../teamTasksApi';
import { Assignees } from './Assignees';
import { TaskUploads } from './TaskUploads';

/**
 * An organiser's look at one team's side of a task (for the admin task screen's team rows): who is
 * assigned, the accepted disclaimer, the uploads and the team's comments, where the organiser can
 * answer. The team itself sees the same parts in its drawer on /tasks.
 */
export function TeamTaskPanel(props: { taskId: string; teamId: string; taskType: TaskType }) {
  const { event } = useSession();
  const dates = useEventDates();
  const thread = { eventId: event?.id ?? '', taskId: props.taskId, teamId: props.teamId };
  const work = useTeamWork(thread);
  if (work.isPending) return <Loading label="Loading the team's work on this task" />;
  if (work.isError) {
    return <LoadFailed title="The team's work could not be loaded" error={work.error} retry={work.refetch} />;
  }
  return (
    <Stack gap="md">
      <Assignees thread={thread} work={work.data} />
      {props.taskType === 'disclaimer' && (
        <Text size="sm">
          {work.data.acceptance
            ? `Disclaimer accepted by ${work.data.acceptance.acceptedByName} on ${formatDateTime(work.data.acceptance.acceptedAt, dates)}`
            : 'The disclaimer has not been accepted yet.'}
        </Text>
      )}
      {props.taskType === 'upload' && (
        <TaskUploads thread={thread} canUpload={false} dates={dates} title="The team's uploads" />
      )}
      <TaskComments thread={thread} />
    </Stack>
  );
}
