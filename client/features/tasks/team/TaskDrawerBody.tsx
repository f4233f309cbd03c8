import { Alert, Anchor, Badge, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { MyTask } from '../../../../shared/tasks/api';
import { TASK_TYPE_LABELS } from '../../../../shared/tasks/constants';
import { useEventDates, useSession } from '../../../lib/session';
import { EventDate } from '../../../ui/EventDate';
import { LoadFailed, Loading } from '../../../ui/QueryState';
import { TaskComments } from '../comments/TaskComments';
import { TaskDescription } from '../TaskDescription';
import { StatusChip } from '../taskParts';
import { type Thread, useTeamWork } from '../teamTasksApi';
import { Assignees } from './Assignees';
import { DisclaimerAccept } from './DisclaimerAccept';
import { ApprovalBadge, ProgressActions } from './TaskActions';
import { TaskUploads } from './TaskUploads';

/** The team's own work on the task: assignees, the disclaimer to accept, the files to upload. */
function TeamWorkSection({ task, thread }: { task: MyTask; thread: Thread }) {
  const dates = useEventDates();
  const work = useTeamWork(thread);
  if (work.isPending) return <Loading label="Loading your team's work on this task" />;
  if (work.isError) {
    return (
      <LoadFailed title="Your team's work could not be loaded" error={work.error} retry={work.refetch} />
    );
  }
  return (
    <Stack gap="md">
      <Assignees thread={thread} work={work.data} />
      {task.type === 'disclaimer' && (
        <DisclaimerAccept thread={thread} work={work.data} text={task.disclaimer} dates={dates} />
      )}
      {task.type === 'upload' && (
        <TaskUploads thread={thread} canUpload={work.data.can.upload} dates={dates} />
      )}
    </Stack>
  );
}

/** How a form task is completed, or why its form cannot be opened yet. */
function FormTaskNote({ task }: { task: MyTask }) {
  if (task.progressStatus === 'complete') {
    return (
      <Text size="sm">
        Your team submitted the form, which completed this task.
        {task.formId && (
          <>
            {' '}
            <Anchor component={Link} to={`/forms/${task.formId}/submissions`}>
              See your submissions
            </Anchor>
          </>
        )}
      </Text>
    );
  }
  if (!task.formId) {
    return (
      <Alert color="gray" title="The form is not open yet">
        The organisers have not published the form for this task, so it cannot be filled in yet. The task
        completes when your team submits it.
      </Alert>
    );
  }
  return <Text size="sm">This task completes when your team submits the form.</Text>;
}

/** A task in the drawer over the team's list: what to do, the team's work on it, and its comments. */
export function TaskDrawerBody({ task, teamId }: { task: MyTask; teamId: string }) {
  const { event } = useSession();
  const thread: Thread = { eventId: event?.id ?? '', taskId: task.id, teamId };
  return (
    <Stack gap="md">
      <Group gap="xs">
        <StatusChip status={task.status} />
        <ApprovalBadge task={task} />
        {task.restriction && <Badge variant="outline">Restricted</Badge>}
      </Group>
      <Text size="sm">
        Due <EventDate value={task.dueDate} /> · {TASK_TYPE_LABELS[task.type]}
        {task.isTimeSensitive ? ' · Time sensitive' : ''}
      </Text>
      {task.restriction && (
        <Text size="sm" c="dimmed">
          {task.restriction}
        </Text>
      )}
      {task.approval?.review && (
        <Alert color={task.approval.status === 'rejected' ? 'red' : 'green'} title={task.approval.label}>
          {task.approval.review}
        </Alert>
      )}
      <TaskDescription description={task.description} />
      {task.type !== 'disclaimer' && task.disclaimer && (
        <Alert color="gray" title="Disclaimer">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {task.disclaimer}
          </Text>
        </Alert>
      )}
      {task.externalLink && (
        <Button
          component="a"
          href={task.externalLink}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          w="fit-content"
          rightSection={<IconExternalLink size={16} aria-hidden />}
        >
          Open the external link
        </Button>
      )}
      {task.type === 'form' && <FormTaskNote task={task} />}
      <TeamWorkSection task={task} thread={thread} />
      <ProgressActions task={task} size="sm" />
      <Divider />
      <TaskComments thread={thread} />
    </Stack>
  );
}
