import { Anchor, Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { TASK_SORTS, TASK_TYPE_LABELS, type TaskRow } from '../../../shared/tasks/api';
import { useSession } from '../../lib/session';
import { useConfirm } from '../../ui/confirm';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { EventDate } from '../../ui/EventDate';
import { useFeedback } from '../../ui/FeedbackBanner';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { ListSearch } from '../../ui/ListSearch';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed } from '../../ui/QueryState';
import { useListParams } from '../../ui/useListParams';
import { AreaShortcuts } from '../shortcuts/AreaShortcuts';
import { type TaskSort, useArchiveTask, useDeleteTask, useTasks } from './tasksApi';

/** /admin/tasks/archived (moderator and above): tasks no team sees any more, to restore or delete. */
export function ArchivedTasksScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const params = useListParams<TaskSort>('dueDate', TASK_SORTS);
  const tasks = useTasks(eventId, {
    page: params.page,
    sort: params.sort,
    order: params.order,
    search: params.search,
    type: null,
    groupId: null,
    archived: true,
  });
  const archive = useArchiveTask(eventId);
  const remove = useDeleteTask(eventId);
  const confirm = useConfirm();
  const feedback = useFeedback();

  const unarchive = (task: TaskRow) =>
    archive.mutate(
      { taskId: task.id, archive: false },
      {
        onSuccess: () => feedback.success(`${task.title} has been restored`),
        onError: (error) => feedback.error(error),
      },
    );
  const askDelete = (task: TaskRow) =>
    confirm({
      title: 'Delete task',
      message: `${task.title} will be deleted for good, with every team's status and comments on it.`,
      confirmLabel: 'Delete',
      color: 'red',
      onConfirm: () =>
        remove.mutate(task.id, {
          onSuccess: () => feedback.success(`${task.title} has been deleted`),
          onError: (error) => feedback.error(error),
        }),
    });

  const columns: DataTableColumn<TaskRow, TaskSort>[] = [
    {
      key: 'title',
      header: 'Title',
      sortKey: 'title',
      render: (task) => (
        <Anchor component={Link} to={`/admin/tasks/${task.id}`} fw={600}>
          {task.title}
        </Anchor>
      ),
    },
    {
      key: 'dueDate',
      header: 'Due date',
      sortKey: 'dueDate',
      render: (task) => <EventDate value={task.dueDate} />,
    },
    { key: 'type', header: 'Type', sortKey: 'type', render: (task) => TASK_TYPE_LABELS[task.type] },
    { key: 'group', header: 'Group', render: (task) => task.groupTitle ?? 'Unassigned' },
    {
      key: 'actions',
      header: 'Actions',
      render: (task) => (
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="default"
            aria-label={`Unarchive ${task.title}`}
            onClick={() => unarchive(task)}
          >
            Unarchive
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-label={`Delete ${task.title}`}
            onClick={() => askDelete(task)}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  const toolbar = (
    <Group align="flex-end" gap="md" mb="md">
      <ListSearch value={params.search} onSearch={params.setSearch} placeholder="Task title" />
    </Group>
  );

  return (
    <PageHeader
      title="Archived tasks"
      breadcrumbs={[
        { label: 'Admin', to: '/admin' },
        { label: 'Tasks', to: '/admin/tasks' },
        { label: 'Archived tasks' },
      ]}
      quickLinks={[{ label: 'Tasks', to: '/admin/tasks' }]}
      tips="Archived tasks are hidden from every team. Unarchive one to show it again; deleting cannot be undone."
    >
      <AreaShortcuts area="tasks" current="archivedTasks" />
      {tasks.isError ? (
        <LoadFailed
          title="The archived tasks could not be loaded"
          error={tasks.error}
          retry={tasks.refetch}
        />
      ) : (
        <DataTable
          label="Archived tasks"
          rows={tasks.data?.items ?? []}
          total={tasks.data?.total ?? 0}
          columns={columns}
          getRowId={(task) => task.id}
          params={params}
          isLoading={tasks.isPending}
          isFetching={tasks.isPlaceholderData}
          toolbar={toolbar}
          emptyState={
            <ListEmptyState
              filtered={params.hasFilters}
              onClearFilters={params.clearFilters}
              noun="archived tasks"
            />
          }
        />
      )}
    </PageHeader>
  );
}

export { ArchivedTasksScreen as Component };
