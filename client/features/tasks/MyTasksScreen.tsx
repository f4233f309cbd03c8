import { Alert, Anchor, Badge, Button, Drawer, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { type MyTask, TASK_TYPE_LABELS } from '../../../shared/tasks/api';
import type { ProgressStatus } from '../../../shared/tasks/schema';
import { useSession } from '../../lib/session';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading, StatusChip } from './taskParts';
import { useMyTasks, useSetMyProgress } from './tasksApi';

/** The buttons a team sees for its progress; a finished task offers only the way back. */
function ProgressActions({ task, size = 'xs' }: { task: MyTask; size?: 'xs' | 'sm' }) {
  const { event } = useSession();
  const setProgress = useSetMyProgress(event?.id ?? '');
  const feedback = useFeedback();
  const run = (progressStatus: ProgressStatus) =>
    setProgress.mutate({ taskId: task.id, progressStatus }, { onError: (error) => feedback.error(error) });
  // An approved task is locked for the team (decision 0005); only an organiser can change it.
  if (task.approval?.status === 'approved') return null;
  if (task.progressStatus !== 'incomplete') {
    return (
      <Button
        size={size}
        variant="default"
        loading={setProgress.isPending}
        aria-label={`Mark ${task.title} incomplete`}
        onClick={() => run('incomplete')}
      >
        Mark incomplete
      </Button>
    );
  }
  return (
    <Group gap="xs">
      <Button
        size={size}
        loading={setProgress.isPending}
        aria-label={`Mark ${task.title} complete`}
        onClick={() => run('complete')}
      >
        Mark complete
      </Button>
      <Button
        size={size}
        variant="default"
        disabled={setProgress.isPending}
        aria-label={`Mark ${task.title} not applicable`}
        onClick={() => run('n/a')}
      >
        Not applicable
      </Button>
    </Group>
  );
}

function ApprovalBadge({ task }: { task: MyTask }) {
  if (!task.approval) return null;
  const colour = { pending: 'yellow', approved: 'green', rejected: 'red' }[task.approval.status];
  return (
    <Badge color={colour} variant="outline">
      {task.approval.label}
    </Badge>
  );
}

function TaskLine({ task }: { task: MyTask }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Anchor component={Link} to={`/tasks/${task.id}`} fw={600}>
            {task.title}
          </Anchor>
          <Text size="sm" c="dimmed">
            Due {task.dueDate} · {TASK_TYPE_LABELS[task.type]}
            {task.isRequired ? ' · Required' : ''}
          </Text>
        </Stack>
        <Group gap="xs">
          <StatusChip status={task.status} />
          <ApprovalBadge task={task} />
          <ProgressActions task={task} />
        </Group>
      </Group>
    </Paper>
  );
}

function TaskDrawerBody({ task }: { task: MyTask }) {
  return (
    <Stack gap="md">
      <Group gap="xs">
        <StatusChip status={task.status} />
        <ApprovalBadge task={task} />
        {task.restriction && <Badge variant="outline">Restricted</Badge>}
      </Group>
      <Text size="sm">
        Due {task.dueDate} · {TASK_TYPE_LABELS[task.type]}
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
      {task.description && <Text style={{ whiteSpace: 'pre-wrap' }}>{task.description}</Text>}
      {task.disclaimer && (
        <Alert color="gray" title="Disclaimer">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {task.disclaimer}
          </Text>
        </Alert>
      )}
      {task.externalLink && (
        <Anchor href={task.externalLink} target="_blank" rel="noopener noreferrer">
          Open the link
        </Anchor>
      )}
      <ProgressActions task={task} size="sm" />
    </Stack>
  );
}

/** /tasks and /tasks/:taskId: the team's tasks grouped by task group; a task opens in a drawer. */
export function MyTasksScreen() {
  const { event } = useSession();
  const { taskId } = useParams();
  const navigate = useNavigate();
  const mine = useMyTasks(event?.id ?? '');
  const tasks = mine.data?.sections.flatMap((s) => s.tasks) ?? [];
  const open = taskId ? tasks.find((task) => task.id === taskId) : undefined;

  return (
    <PageHeader title="Tasks" breadcrumbs={[{ label: 'Tasks' }]}>
      {mine.isPending ? (
        <Loading label="Loading your tasks" />
      ) : mine.isError ? (
        <LoadFailed title="Your tasks could not be loaded" error={mine.error} retry={mine.refetch} />
      ) : mine.data.teamId === null ? (
        <Paper withBorder p="xl" ta="center" radius="md">
          <Text>You are not in a team, so there are no tasks for you here.</Text>
        </Paper>
      ) : mine.data.sections.length === 0 ? (
        <Paper withBorder p="xl" ta="center" radius="md">
          <Text>There are no tasks for your team yet.</Text>
        </Paper>
      ) : (
        <Stack gap="lg">
          {mine.data.sections.map((section) => (
            <Stack
              key={section.groupId}
              gap="xs"
              component="section"
              aria-labelledby={`group-${section.groupId}`}
            >
              <Title order={2} size="h4" id={`group-${section.groupId}`}>
                {section.title}
              </Title>
              {section.tasks.map((task) => (
                <TaskLine key={task.id} task={task} />
              ))}
            </Stack>
          ))}
        </Stack>
      )}
      <Drawer
        opened={taskId !== undefined && !mine.isPending}
        onClose={() => navigate('/tasks')}
        position="right"
        size="lg"
        title={open?.title ?? 'Task'}
        closeButtonProps={{ 'aria-label': 'Close the task' }}
      >
        {open ? <TaskDrawerBody task={open} /> : <Text>This task is not in your list.</Text>}
      </Drawer>
    </PageHeader>
  );
}

export { MyTasksScreen as Component };
