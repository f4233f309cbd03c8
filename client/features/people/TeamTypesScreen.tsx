import { Anchor, Button, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { type TeamType, teamTypeBodySchema } from '../../../shared/people/schema';
import { useSession } from '../../lib/session';
import { useSchemaForm } from '../../lib/useSchemaForm';
import { useConfirm } from '../../ui/confirm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { ScrollTable } from '../../ui/ScrollTable';

import {
  useCreateTeamType,
  useDeleteTeamType,
  useRenameTeamType,
  useTeamType,
  useTeamTypes,
} from './teamsApi';

const crumbs = (last?: string) => [
  { label: 'Admin', to: '/admin' },
  ...(last ? [{ label: 'Team types', to: '/admin/team-types' }, { label: last }] : [{ label: 'Team types' }]),
];

/** /admin/team-types (admin only): the event's team types by name, with how many teams each holds. */
export function TeamTypesScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const types = useTeamTypes(eventId);
  const remove = useDeleteTeamType(eventId);
  const confirm = useConfirm();
  const feedback = useFeedback();

  const askDelete = (type: TeamType) =>
    confirm({
      title: 'Delete team type',
      message: `${type.name} will be deleted and taken off the ${type.teamsCount} team(s) that have it.`,
      confirmLabel: 'Delete',
      color: 'red',
      onConfirm: () =>
        remove.mutate(type.id, {
          onSuccess: () => feedback.success('The team type has been deleted'),
          onError: (error) => feedback.error(error),
        }),
    });

  return (
    <PageHeader
      title="Team types"
      breadcrumbs={crumbs()}
      actions={
        <Button component={Link} to="/admin/team-types/add">
          Add team type
        </Button>
      }
      quickLinks={[{ label: 'Teams', to: '/admin/teams' }]}
      tips="Team types group teams, so content, tasks and downloads can be shown to some types only."
    >
      {types.isPending ? (
        <Loading label="Loading the team types" />
      ) : types.isError ? (
        <LoadFailed title="The team types could not be loaded" error={types.error} retry={types.refetch} />
      ) : types.data.items.length === 0 ? (
        <Paper withBorder p="xl" ta="center" radius="md">
          <Stack align="center" gap="sm">
            <Text>There are no team types yet.</Text>
            <Button component={Link} to="/admin/team-types/add">
              Add team type
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder radius="md">
          <ScrollTable label="Team types" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Teams</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {types.data.items.map((type) => (
                <Table.Tr key={type.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/team-types/${type.id}`} fw={600}>
                      {type.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{type.teamsCount}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Delete ${type.name}`}
                      onClick={() => askDelete(type)}
                    >
                      Delete
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
        </Paper>
      )}
    </PageHeader>
  );
}

function TeamTypeForm({ initial, eventId }: { initial: TeamType | null; eventId: string }) {
  const form = useSchemaForm(teamTypeBodySchema, { initialValues: { name: initial?.name ?? '' } });
  const create = useCreateTeamType(eventId);
  const rename = useRenameTeamType(eventId, initial?.id ?? '');
  const mutation = initial ? rename : create;
  const feedback = useFeedback();
  const navigate = useNavigate();

  const submit = form.onSubmit((body) =>
    mutation.mutate(body, {
      onSuccess: () => {
        feedback.success(initial ? undefined : 'The team type has been added');
        navigate('/admin/team-types');
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
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            {initial ? 'Save' : 'Add team type'}
          </Button>
          <Button variant="default" component={Link} to="/admin/team-types">
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /admin/team-types/add */
export function AddTeamTypeScreen() {
  const { event } = useSession();
  return (
    <PageHeader title="Add team type" breadcrumbs={crumbs('Add team type')}>
      <TeamTypeForm initial={null} eventId={event?.id ?? ''} />
    </PageHeader>
  );
}

/** /admin/team-types/:teamTypeId */
export function EditTeamTypeScreen() {
  const { teamTypeId = '' } = useParams();
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const type = useTeamType(eventId, teamTypeId);
  return (
    <PageHeader title="Edit team type" breadcrumbs={crumbs(type.data?.name ?? 'Edit team type')}>
      {type.isPending ? (
        <Loading label="Loading the team type" />
      ) : type.isError ? (
        <LoadFailed title="The team type could not be loaded" error={type.error} retry={type.refetch} />
      ) : (
        <TeamTypeForm initial={type.data} eventId={eventId} />
      )}
    </PageHeader>
  );
}

export { TeamTypesScreen as Component };
