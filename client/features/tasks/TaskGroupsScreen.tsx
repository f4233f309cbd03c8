import { Anchor, Button, Group, Paper, Stack, Table, TextInput } from '@mantine/core';

import { Link, useNavigate, useParams } from 'react-router';
import { type TaskGroupRow, taskGroupBodySchema } from '../../../shared/tasks/api';
import { useSession } from '../../lib/session';
import { useSchemaForm } from '../../lib/useSchemaForm';
import { useConfirm } from '../../ui/confirm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { ScrollTable } from '../../ui/ScrollTable';
import { AreaShortcuts } from '../shortcuts/AreaShortcuts';
import { GroupTaskOrder } from './GroupTaskOrder';
import {
  useArchiveTaskGroup,
  useDeleteTaskGroup,
  useSaveTaskGroup,
  useTaskGroup,
  useTaskGroups,
} from './tasksApi';

const crumbs = (last?: string) => [
  { label: 'Admin', to: '/admin' },
  ...(last
    ? [{ label: 'Task groups', to: '/admin/task-groups' }, { label: last }]
    : [{ label: 'Task groups' }]),
];

/** The groups of one view (active or archived) with their actions; each asks before it changes anything. */
export function TaskGroupTable({ archived }: { archived: boolean }) {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const groups = useTaskGroups(eventId, archived);
  const archive = useArchiveTaskGroup(eventId);
  const remove = useDeleteTaskGroup(eventId);
  const confirm = useConfirm();
  const feedback = useFeedback();

  const askArchive = (group: TaskGroupRow) =>
    confirm({
      title: group.isArchived ? 'Unarchive task group' : 'Archive task group',
      message: group.isArchived
        ? `${group.title} will be listed again, with no tasks: archiving took them out of it.`
        : `${group.title} will be archived and its ${group.tasksCount} task(s) will move to Unassigned.`,
      confirmLabel: group.isArchived ? 'Unarchive' : 'Archive',
      onConfirm: () =>
        archive.mutate(
          { groupId: group.id, archive: !group.isArchived },
          {
            onSuccess: () =>
              feedback.success(
                group.isArchived ? 'The group has been restored' : 'The group has been archived',
              ),
            onError: (error) => feedback.error(error),
          },
        ),
    });
  const askDelete = (group: TaskGroupRow) =>
    confirm({
      title: 'Delete task group',
      message: `${group.title} will be deleted; its tasks stay, in no group.`,
      confirmLabel: 'Delete',
      color: 'red',
      onConfirm: () =>
        remove.mutate(group.id, {
          onSuccess: () => feedback.success('The group has been deleted'),
          onError: (error) => feedback.error(error),
        }),
    });

  if (groups.isPending) return <Loading label="Loading the task groups" />;
  if (groups.isError) {
    return (
      <LoadFailed title="The task groups could not be loaded" error={groups.error} retry={groups.refetch} />
    );
  }
  if (groups.data.items.length === 0) {
    return (
      <ListEmptyState
        filtered={false}
        onClearFilters={() => undefined}
        noun={archived ? 'archived task groups' : 'task groups'}
        add={archived ? undefined : { label: 'Add task group', to: '/admin/task-groups/add' }}
      />
    );
  }
  return (
    <Paper withBorder radius="md">
      <ScrollTable label={archived ? 'Archived task groups' : 'Task groups'} verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th>Tasks</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.data.items.map((group) => (
            <Table.Tr key={group.id}>
              <Table.Td>
                <Anchor component={Link} to={`/admin/task-groups/${group.id}`} fw={600}>
                  {group.title}
                </Anchor>
              </Table.Td>
              <Table.Td>{group.tasksCount}</Table.Td>
              <Table.Td>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`${group.isArchived ? 'Unarchive' : 'Archive'} ${group.title}`}
                    onClick={() => askArchive(group)}
                  >
                    {group.isArchived ? 'Unarchive' : 'Archive'}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`Delete ${group.title}`}
                    onClick={() => askDelete(group)}
                  >
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ScrollTable>
    </Paper>
  );
}

/** /admin/task-groups (moderator and above): the groups teams see, by title. */
export function TaskGroupsScreen() {
  return (
    <PageHeader
      title="Task groups"
      breadcrumbs={crumbs()}
      actions={
        <Group gap="xs">
          <Button component={Link} to="/admin/task-groups/archived" variant="default">
            Archived task groups
          </Button>
          <Button component={Link} to="/admin/task-groups/add">
            Add task group
          </Button>
        </Group>
      }
      quickLinks={[
        { label: 'Tasks', to: '/admin/tasks' },
        { label: 'Archived task groups', to: '/admin/task-groups/archived' },
      ]}
      tips="Teams see their tasks grouped by task group; tasks in no group show under Unassigned. Open a group to put its tasks in order."
    >
      <AreaShortcuts area="tasks" current="taskGroups" />
      <TaskGroupTable archived={false} />
    </PageHeader>
  );
}

/** /admin/task-groups/archived: archived groups, to restore (empty) or delete. */
export function ArchivedTaskGroupsScreen() {
  return (
    <PageHeader
      title="Archived task groups"
      breadcrumbs={[
        { label: 'Admin', to: '/admin' },
        { label: 'Task groups', to: '/admin/task-groups' },
        { label: 'Archived task groups' },
      ]}
      quickLinks={[{ label: 'Task groups', to: '/admin/task-groups' }]}
      tips="Archiving a group took its tasks out of it; unarchiving brings the group back empty."
    >
      <AreaShortcuts area="tasks" current="archivedTaskGroups" />
      <TaskGroupTable archived />
    </PageHeader>
  );
}

function TaskGroupForm({ eventId, group }: { eventId: string; group: TaskGroupRow | null }) {
  const form = useSchemaForm(taskGroupBodySchema, { initialValues: { title: group?.title ?? '' } });
  const save = useSaveTaskGroup(eventId, group?.id ?? null);
  const feedback = useFeedback();
  const navigate = useNavigate();

  const submit = form.onSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        feedback.success(group ? 'The group has been saved' : 'The group has been added');
        navigate('/admin/task-groups');
      },
      onError: (error) => {
        form.setServerErrors(error);
        feedback.error(error);
      },
    }),
  );

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate maw={560}>
      <Stack gap="md">
        <TextInput label="Title" required {...form.getInputProps('title')} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {group ? 'Save' : 'Add task group'}
          </Button>
          <Button variant="default" onClick={() => navigate('/admin/task-groups')}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /admin/task-groups/add */
export function AddTaskGroupScreen() {
  const { event } = useSession();
  return (
    <PageHeader title="Add task group" breadcrumbs={crumbs('Add task group')}>
      <TaskGroupForm eventId={event?.id ?? ''} group={null} />
    </PageHeader>
  );
}

/** /admin/task-groups/:groupId */
export function EditTaskGroupScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const { groupId = '' } = useParams();
  const group = useTaskGroup(eventId, groupId);
  return (
    <PageHeader
      title={group.data?.title ?? 'Task group'}
      breadcrumbs={crumbs(group.data?.title ?? 'Task group')}
    >
      {group.isPending ? (
        <Loading label="Loading the task group" />
      ) : group.isError ? (
        <LoadFailed title="The task group could not be loaded" error={group.error} retry={group.refetch} />
      ) : (
        <>
          <TaskGroupForm eventId={eventId} group={group.data} />
          {!group.data.isArchived && <GroupTaskOrder eventId={eventId} groupId={group.data.id} />}
        </>
      )}
    </PageHeader>
  );
}

export { TaskGroupsScreen as Component };
