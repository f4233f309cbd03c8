import { Anchor, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { TASK_DUE_FILTERS, type TaskDueFilter } from '../../../shared/tasks/adminApi';
import { TASK_SORTS, TASK_TYPE_LABELS, type TaskRow } from '../../../shared/tasks/api';
import { TASK_STATUS_LABELS } from '../../../shared/tasks/dueStatus';
import { isTaskId } from '../../../shared/tasks/listFilters';
import { toUrgencyFilter } from '../../../shared/tasks/urgency';
import { useSession } from '../../lib/session';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { EventDate } from '../../ui/EventDate';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { ListSearch } from '../../ui/ListSearch';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed } from '../../ui/QueryState';
import { useListParams } from '../../ui/useListParams';
import { AreaShortcuts } from '../shortcuts/AreaShortcuts';
import { TaskGroupSelect } from './TaskGroupSelect';
import { TaskIdFilter } from './TaskIdFilter';
import { LinkedFormAnchor, TYPE_OPTIONS, toTaskType } from './taskParts';
import { type TaskSort, useDueSummary, useTasks } from './tasksApi';
import { UrgencySelect } from './UrgencySelect';

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
  {
    key: 'type',
    header: 'Type',
    sortKey: 'type',
    render: (task) => (
      <Stack gap={0}>
        <Text size="sm">{TASK_TYPE_LABELS[task.type]}</Text>
        <LinkedFormAnchor task={task} size="xs" />
      </Stack>
    ),
  },
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

const STATUS_OPTIONS = TASK_DUE_FILTERS.map((value) => ({ value, label: TASK_STATUS_LABELS[value] }));
const toDueFilter = (value: string | undefined): TaskDueFilter | null =>
  TASK_DUE_FILTERS.find((status) => status === value) ?? null;

/** How many team statuses are overdue and due soon across the event, above the list. */
function DueSummaryLine({ eventId }: { eventId: string }) {
  const summary = useDueSummary(eventId);
  if (!summary.data) return null;
  const { overdue, dueSoon } = summary.data;
  return (
    <Text size="sm" mb="md">
      Across the event: <strong>{overdue}</strong> overdue and <strong>{dueSoon}</strong> due soon team
      statuses.
    </Text>
  );
}

/** /admin/tasks (moderator and above): the event's tasks by due date, filtered and paged by the server. */
export function TasksScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const params = useListParams<TaskSort>('dueDate', TASK_SORTS);
  const type = toTaskType(params.filters.type);
  const groupId = params.filters.groupId ?? null;
  const status = toDueFilter(params.filters.status);
  const urgency = toUrgencyFilter(params.filters.urgency);
  const taskId = params.filters.taskId && isTaskId(params.filters.taskId) ? params.filters.taskId : null;
  const tasks = useTasks(eventId, {
    page: params.page,
    sort: params.sort,
    order: params.order,
    search: params.search,
    type,
    groupId,
    status,
    urgency,
    taskId,
    archived: false,
  });

  const toolbar = (
    <Group align="flex-end" gap="md" mb="md" wrap="wrap">
      <ListSearch value={params.search} onSearch={params.setSearch} placeholder="Task title" />
      <Select
        label="Status"
        placeholder="Any status"
        data={STATUS_OPTIONS}
        value={status}
        onChange={(value) => params.setFilter('status', value)}
        clearable
        w={170}
      />
      <Select
        label="Type"
        placeholder="All types"
        data={TYPE_OPTIONS}
        value={type}
        onChange={(value) => params.setFilter('type', value)}
        clearable
        w={180}
      />
      <UrgencySelect value={urgency} onChange={(value) => params.setFilter('urgency', value)} />
      <TaskGroupSelect
        label="Group"
        placeholder="All groups"
        value={groupId}
        onChange={(value) => params.setFilter('groupId', value)}
        withUnassigned
        w={200}
      />
      <TaskIdFilter value={taskId} onChange={(value) => params.setFilter('taskId', value)} />
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
        <Group gap="xs">
          <Button component={Link} to="/admin/tasks/archived" variant="default">
            Archived tasks
          </Button>
          <Button component={Link} to="/admin/tasks/add">
            Add task
          </Button>
        </Group>
      }
      quickLinks={[
        { label: 'Task groups', to: '/admin/task-groups' },
        { label: 'Archived tasks', to: '/admin/tasks/archived' },
      ]}
      tips="Tasks are sorted by due date. Status is the task's own due status; open a task to see every team's status."
    >
      <AreaShortcuts area="tasks" current="tasks" />
      <DueSummaryLine eventId={eventId} />
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
