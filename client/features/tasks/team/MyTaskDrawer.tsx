import { Drawer, Text } from '@mantine/core';
import type { MyTask } from '../../../../shared/tasks/api';
import { TaskDrawerBody } from './TaskDrawerBody';

/**
 * The task drawer of /tasks. Its own chunk (loaded by MyTasksScreen when a task opens): comments,
 * uploads and the assignee picker are most of the screen's JavaScript, and a phone showing the
 * list needs none of it before the first render (bundle budget, issue 22).
 */
export function MyTaskDrawer(props: {
  opened: boolean;
  onClose: () => void;
  task: MyTask | undefined;
  teamId: string | undefined;
}) {
  const { task, teamId } = props;
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      position="right"
      size="lg"
      title={task?.title ?? 'Task'}
      closeButtonProps={{ 'aria-label': 'Close the task' }}
    >
      {task && teamId ? (
        <TaskDrawerBody task={task} teamId={teamId} />
      ) : (
        <Text>This task is not in your list.</Text>
      )}
    </Drawer>
  );
}
