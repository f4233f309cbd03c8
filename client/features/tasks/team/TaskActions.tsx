import { Badge, Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import type { MyTask } from '../../../../shared/tasks/api';
import type { ProgressStatus } from '../../../../shared/tasks/schema';
import { useSession } from '../../../lib/session';
import { useFeedback } from '../../../ui/FeedbackBanner';
import { useSetMyProgress } from '../tasksApi';

/** A form task's way to its form: the team completes the task by submitting the form there. */
export function FillFormButton({ task, size = 'xs' }: { task: MyTask; size?: 'xs' | 'sm' }) {
  if (task.type !== 'form' || !task.formId) return null;
  return (
    <Button
      component={Link}
      to={`/forms/${task.formId}`}
      size={size}
      aria-label={`Fill in the form for ${task.title}`}
    >
      Fill in the form
    </Button>
  );
}

/**
 * The buttons a team sees for its progress; a finished task offers only the way back. A disclaimer
 * task is completed by accepting its text in the drawer, and a form task by submitting its form, so
 * neither has "Mark complete" here; a submitted form task stays complete (the server refuses).
 */
export function ProgressActions({ task, size = 'xs' }: { task: MyTask; size?: 'xs' | 'sm' }) {
  const { event } = useSession();
  const setProgress = useSetMyProgress(event?.id ?? '');
  const feedback = useFeedback();
  const run = (progressStatus: ProgressStatus) =>
    setProgress.mutate({ taskId: task.id, progressStatus }, { onError: (error) => feedback.error(error) });
  // An approved task is locked for the team (decision 0005); only an organiser can change it.
  if (task.approval?.status === 'approved') return null;
  if (task.type === 'form' && task.progressStatus === 'complete') return null;
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
      <FillFormButton task={task} size={size} />
      {task.type !== 'disclaimer' && task.type !== 'form' && (
        <Button
          size={size}
          loading={setProgress.isPending}
          aria-label={`Mark ${task.title} complete`}
          onClick={() => run('complete')}
        >
          Mark complete
        </Button>
      )}
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

export function ApprovalBadge({ task }: { task: MyTask }) {
  if (!task.approval) return null;
  const colour = { pending: 'yellow', approved: 'green', rejected: 'red' }[task.approval.status];
  return (
    <Badge color={colour} c="dark.9" variant="outline">
      {task.approval.label}
    </Badge>
  );
}
