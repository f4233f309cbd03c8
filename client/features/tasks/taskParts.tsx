import { Anchor, Badge } from '@mantine/core';
import { Link } from 'react-router';
import type { TaskRow } from '../../../shared/tasks/api';
import { TASK_TYPE_LABELS, TASK_TYPES, type TaskType } from '../../../shared/tasks/constants';
import { TASK_STATUS_LABELS, type TeamTaskStatus } from '../../../shared/tasks/dueStatus';
import { URGENCY_FILTERS, URGENCY_LABELS } from '../../../shared/tasks/urgency';

const STATUS_COLOURS: Record<TeamTaskStatus, string> = {
  complete: 'green',
  'n/a': 'gray',
  overdue: 'red',
  dueSoon: 'orange',
  incomplete: 'blue',
};

/** The team's status chip, with the spec's label (Complete, N/A, Overdue, Due Soon, Incomplete). */
export function StatusChip({ status }: { status: TeamTaskStatus }) {
  return (
    // Dark text on the light colour: Mantine's coloured badge text (even shade 9 of green and
    // orange) fails axe's 4.5:1 contrast for small text.
    <Badge color={STATUS_COLOURS[status]} c="dark.9" variant="light">
      {TASK_STATUS_LABELS[status]}
    </Badge>
  );
}

export const TYPE_OPTIONS = TASK_TYPES.map((value) => ({ value, label: TASK_TYPE_LABELS[value] }));
export const toTaskType = (value: string | null | undefined): TaskType | null =>
  TASK_TYPES.find((type) => type === value) ?? null;

/** A form task's form, linked to its builder (organisers' screens); nothing for other tasks. */
export function LinkedFormAnchor({ task, size }: { task: TaskRow; size?: 'xs' | 'sm' }) {
  if (task.type !== 'form' || !task.formId) return null;
  return (
    <Anchor component={Link} to={`/admin/forms/${task.formId}`} size={size}>
      {task.formTitle ?? 'Open the form'}
    </Anchor>
  );
}

/** Spec filter "urgency": time-sensitive tasks or the others; cleared, every task. */
export const URGENCY_OPTIONS = URGENCY_FILTERS.map((value) => ({ value, label: URGENCY_LABELS[value] }));
