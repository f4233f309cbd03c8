import { useSession } from '../../../lib/session';
import { useMyTasks } from '../tasksApi';
import { MyTaskDrawer } from './MyTaskDrawer';

/**
 * /content/:contentId/task/:taskId: a task of a content page's task list, opened in the same
 * drawer as on /tasks, over the page it was opened from; closing it goes back to that page.
 */
export function PageTaskDrawer(props: { taskId: string; onClose: () => void }) {
  const { event } = useSession();
  const mine = useMyTasks(event?.id ?? '');
  const task = mine.data?.sections.flatMap((section) => section.tasks).find((t) => t.id === props.taskId);
  return (
    <MyTaskDrawer
      opened={!mine.isPending}
      onClose={props.onClose}
      task={task}
      teamId={mine.data?.teamId ?? undefined}
    />
  );
}
