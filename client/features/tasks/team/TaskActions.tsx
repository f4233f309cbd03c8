import { Badge, Button, Group } from '@mantine/core';
import type { MyTask } from '../../../../shared/tasks/api';
import type { ProgressStatus } from '../../../../shared/tasks/schema';
import { useSession } from '../../../lib/session';
import { useFeedback } from '../../../ui/FeedbackBanner';
import { useSetMyProgress } from '../tasksApi';

/**
 * The buttons a team sees for its progress; a finished task offers only the way back. A disclaimer
 * task is completed by accepting its text in the drawer, so it has no "Mark complete" here.
 */
export function ProgressActions({ task, size = 'xs' }: { task: MyTask; size?: 'xs' | 'sm' }) {
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
      {task.type !== 'disclaimer' && (
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
