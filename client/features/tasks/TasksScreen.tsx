import { Anchor, Badge, Button, Group, Select, Switch } from '@mantine/core';
import { Link } from 'react-router';
import { TASK_SORTS, TASK_TYPE_LABELS, type TaskRow } from '../../../shared/tasks/api';
import { useSession } from '../../lib/session';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { ListSearch } from '../../ui/ListSearch';
import { PageHeader } from '../../ui/PageHeader';
import { useListParams } from '../../ui/useListParams';
import { LoadFailed, TaskGroupSelect, TYPE_OPTIONS, toTaskType } from './taskParts';
import { type TaskSort, useTasks } from './tasksApi';

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
  { key: 'dueDate', header: 'Due date', sortKey: 'dueDate', render: (task) => task.dueDate },
  { key: 'type', header: 'Type', sortKey: 'type', render: (task) => TASK_TYPE_LABELS[task.type] },
  { key: 'group', header: 'Group', render: (task) => task.groupTitle ?? 'Unassigned' },
  {
    key: 'flags',
    header: 'Flags',
    render: (task) => (
      <Group gap={4}>
        {task.isRequired && <Badge variant="outline">Required</Badge>}
        {task.isApprovalNeeded && <Badge variant="outline">Approval needed</Badge>}
        {task.teamTypeIds.length > 0 && <Badge variant="outline">Restricted</Badge>}
      </Group>
    ),
  },
];

/** /admin/tasks (moderator and above): the event's tasks by due date, filtered and paged by the server. */
export function TasksScreen() {
  const { event } = useSession();
  const params = useListParams<TaskSort>('dueDate', TASK_SORTS);
  const type = toTaskType(params.filters.type);
  const groupId = params.filters.groupId ?? null;
  const archived = params.filters.archived === 'true';
  const tasks = useTasks(event?.id ?? '', {
    page: params.page,
    sort: params.sort,
    order: params.order,
    search: params.search,
    type,
    groupId,
    archived,
  });

  const toolbar = (
    <Group align="flex-end" gap="md" mb="md" wrap="wrap">
      <ListSearch value={params.search} onSearch={params.setSearch} placeholder="Task title" />
      <Select
        label="Type"
        placeholder="All types"
        data={TYPE_OPTIONS}
        value={type}
        onChange={(value) => params.setFilter('type', value)}
        clearable
        w={180}
      />
      <TaskGroupSelect
        label="Group"
        placeholder="All groups"
        value={groupId}
        onChange={(value) => params.setFilter('groupId', value)}
        withUnassigned
        w={200}
      />
      <Switch
        label="Archived"
        checked={archived}
        onChange={(e) => params.setFilter('archived', e.currentTarget.checked ? 'true' : null)}
        mb={8}
      />
    </Group>
  );

  const emptyState = (
    <ListEmptyState
      filtered={params.hasFilters}
      onClearFilters={params.clearFilters}
      noun="tasks"
      add={{ label: 'Add task', to: '/admin/tasks/add' }}
    />
  );

  return (
    <PageHeader
      title="Tasks"
      breadcrumbs={[{ label: 'Admin', to: '/admin' }, { label: 'Tasks' }]}
      actions={
        <Button component={Link} to="/admin/tasks/add">
          Add task
        </Button>
      }
      quickLinks={[{ label: 'Task groups', to: '/admin/task-groups' }]}
      tips="Tasks are sorted by due date. Switch on Archived to see tasks that teams no longer see."
    >
      {tasks.isError ? (
        <>
          {toolbar}
          <LoadFailed title="The tasks could not be loaded" error={tasks.error} retry={tasks.refetch} />
        </>
      ) : (
        <DataTable
          label="Tasks"
          rows={tasks.data?.items ?? []}
          total={tasks.data?.total ?? 0}
          columns={columns}
          getRowId={(task) => task.id}
          params={params}
          isLoading={tasks.isPending}
          isFetching={tasks.isPlaceholderData}
          toolbar={toolbar}
          emptyState={emptyState}
        />
      )}
    </PageHeader>
  );
}

export { TasksScreen as Component };
