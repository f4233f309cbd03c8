import { Anchor, Button, Group, Paper, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { type TaskGroupRow, taskGroupBodySchema } from '../../../shared/tasks/api';
import { fieldErrors, issuesByPath } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { useConfirm } from '../../ui/confirm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from './taskParts';
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

/** /admin/task-groups (moderator and above): groups by title; archived ones behind a switch. */
export function TaskGroupsScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const [view, setView] = useState<'active' | 'archived'>('active');
  const groups = useTaskGroups(eventId, view === 'archived');
  const archive = useArchiveTaskGroup(eventId);
  const remove = useDeleteTaskGroup(eventId);
  const confirm = useConfirm();
  const feedback = useFeedback();

  const askArchive = (group: TaskGroupRow) =>
    confirm({
      title: group.isArchived ? 'Unarchive task group' : 'Archive task group',
      message: group.isArchived
        ? `${group.title} will be listed again. Its former tasks stay where they are now.`
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

  return (
    <PageHeader
      title="Task groups"
      breadcrumbs={crumbs()}
      actions={
        <Button component={Link} to="/admin/task-groups/add">
          Add task group
        </Button>
      }
      quickLinks={[{ label: 'Tasks', to: '/admin/tasks' }]}
      tips="Teams see their tasks grouped by task group; tasks in no group show under Unassigned."
    >
      <SegmentedControl
        mb="md"
        aria-label="Which groups"
        value={view}
        onChange={(value) => setView(value === 'archived' ? 'archived' : 'active')}
        data={[
          { value: 'active', label: 'Active' },
          { value: 'archived', label: 'Archived' },
        ]}
      />
      {groups.isPending ? (
        <Loading label="Loading the task groups" />
      ) : groups.isError ? (
        <LoadFailed title="The task groups could not be loaded" error={groups.error} retry={groups.refetch} />
      ) : groups.data.items.length === 0 ? (
        <Paper withBorder p="xl" ta="center" radius="md">
          <Text>
            {view === 'archived' ? 'There are no archived task groups.' : 'There are no task groups yet.'}
          </Text>
        </Paper>
      ) : (
        <Paper withBorder radius="md">
          <Table aria-label="Task groups" verticalSpacing="sm">
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
          </Table>
        </Paper>
      )}
    </PageHeader>
  );
}

function TaskGroupForm({ eventId, group }: { eventId: string; group: TaskGroupRow | null }) {
  const [title, setTitle] = useState(group?.title ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveTaskGroup(eventId, group?.id ?? null);
  const feedback = useFeedback();
  const navigate = useNavigate();

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = taskGroupBodySchema.safeParse({ title });
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        feedback.success(group ? 'The group has been saved' : 'The group has been added');
        navigate('/admin/task-groups');
      },
      onError: (error) => {
        setErrors(fieldErrors(error));
        feedback.error(error);
      },
    });
  }

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate maw={560}>
      <Stack gap="md">
        <TextInput
          label="Title"
          required
          value={title}
          error={errors.title}
          onChange={(e) => setTitle(e.currentTarget.value)}
        />
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
        <TaskGroupForm eventId={eventId} group={group.data} />
      )}
    </PageHeader>
  );
}

export { TaskGroupsScreen as Component };
