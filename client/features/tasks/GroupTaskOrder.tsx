import { ActionIcon, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { type GroupTask, moveItem } from '../../../shared/tasks/adminApi';
import { TASK_TYPE_LABELS } from '../../../shared/tasks/api';
import { useFeedback } from '../../ui/FeedbackBanner';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { SortableList } from '../../ui/SortableList';
import { useGroupTasks, useReorderGroupTasks } from './tasksApi';

/**
 * The order of a group's tasks, as teams see them: drag a row by its handle (mouse, touch, or the
 * keyboard: space to lift, arrows to move, space to drop), or use Move up / Move down. Each change is
 * saved at once; a refused save puts the list back as the server has it.
 */
export function GroupTaskOrder({ eventId, groupId }: { eventId: string; groupId: string }) {
  const tasks = useGroupTasks(eventId, groupId);
  const reorder = useReorderGroupTasks(eventId, groupId);
  const feedback = useFeedback();
  // The order being shown while a save is under way; null shows the server's order.
  const [pending, setPending] = useState<GroupTask[] | null>(null);

  if (tasks.isPending) return <Loading label="Loading the group's tasks" />;
  if (tasks.isError) {
    return (
      <LoadFailed title="The group's tasks could not be loaded" error={tasks.error} retry={tasks.refetch} />
    );
  }
  const items = pending ?? tasks.data.items;

  const save = (next: GroupTask[]) => {
    setPending(next);
    reorder.mutate(
      next.map((task) => task.id),
      {
        onSuccess: () => feedback.success('The order has been saved'),
        onError: (error) => feedback.error(error),
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <Paper withBorder p="lg" radius="md" maw={720} mt="lg">
      <Title order={2} size="h4" mb="xs">
        Order of tasks
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed">This group has no tasks. Choose it as the group of a task to add one.</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="md">
            Teams see the tasks of this group in this order. Drag a task by its handle, or use the arrows.
          </Text>
          <SortableList
            items={items}
            getId={(task) => task.id}
            onReorder={save}
            rowElement="li"
            wrap={(rows) => (
              <Stack gap="xs" component="ol" aria-label="Tasks of this group in order" p={0} m={0}>
                {rows}
              </Stack>
            )}
            disabled={reorder.isPending}
            handleLabel={(task) => `Drag ${task.title}`}
            renderItem={(task, handle, index) => (
              <TaskRow
                task={task}
                handle={handle}
                position={index + 1}
                disabled={reorder.isPending}
                onMove={(step) => save(moveItem(items, index, step))}
                isFirst={index === 0}
                isLast={index === items.length - 1}
              />
            )}
          />
        </>
      )}
    </Paper>
  );
}

function TaskRow(props: {
  task: GroupTask;
  handle: ReactNode;
  position: number;
  disabled: boolean;
  isFirst: boolean;
  isLast: boolean;
  onMove: (step: -1 | 1) => void;
}) {
  const { task, handle, position, disabled, isFirst, isLast, onMove } = props;
  return (
    <Paper withBorder p="xs" radius="sm">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          {handle}
          <Text size="sm" c="dimmed" w={24}>
            {position}.
          </Text>
          <div>
            <Text fw={600}>{task.title}</Text>
            <Text size="xs" c="dimmed">
              {TASK_TYPE_LABELS[task.type]}, due {task.dueDate}
            </Text>
          </div>
          {task.isArchived && (
            <Badge variant="outline" color="gray">
              Archived
            </Badge>
          )}
        </Group>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            aria-label={`Move ${task.title} up`}
            disabled={disabled || isFirst}
            onClick={() => onMove(-1)}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="default"
            aria-label={`Move ${task.title} down`}
            disabled={disabled || isLast}
            onClick={() => onMove(1)}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}
