import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { createTeamBodySchema } from '../../../shared/people/schema';
import { useSession } from '../../lib/session';
import { errorTexts, useSchemaForm } from '../../lib/useSchemaForm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { CustomFieldInputs, type FieldValues, requiredErrors } from './CustomFieldInputs';
import { useCustomFields } from './customFieldsApi';
import { TeamTypeSelect } from './teamParts';
import { useCreateStandShare, useCreateTeam, useMyTeam, useTeam } from './teamsApi';

type Parent = { id: string; name: string };

function TeamCreateForm(props: {
  parent: Parent | null;
  doneTo: (teamId: string) => string;
  cancelTo: string;
  withFields: boolean;
}) {
  const { parent } = props;
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const navigate = useNavigate();
  const feedback = useFeedback();
  const createTeam = useCreateTeam(eventId);
  const createStandShare = useCreateStandShare(eventId, parent?.id ?? '');
  const mutation = parent ? createStandShare : createTeam;
  // Team owners adding a stand share cannot read the field list; organisers fill values in later.
  const fields = useCustomFields(eventId, props.withFields);
  const form = useSchemaForm(createTeamBodySchema, {
    initialValues: {
      name: '',
      teamTypeId: null as string | null,
      isOrganiser: false,
      owner: { firstName: '', surname: '', email: '' },
      customFields: {} as FieldValues,
    },
    check: (values) => requiredErrors(fields.data?.items ?? [], values.customFields),
  });

  const submit = form.onSubmit((body) =>
    mutation.mutate(body, {
      onSuccess: (team) => {
        feedback.success(parent ? 'The stand share has been added' : 'The team has been added');
        navigate(props.doneTo(team.id));
      },
      onError: (error) => {
        form.setServerErrors(error);
        feedback.error(error);
      },
    }),
  );

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate maw={720}>
      <Stack gap="md">
        <TextInput label="Team name" required {...form.getInputProps('name')} />
        {/* A stand share takes its parent's team type unless one is chosen. */}
        <TeamTypeSelect
          label="Team type"
          value={form.values.teamTypeId}
          onChange={(id) => form.setFieldValue('teamTypeId', id)}
        />
        <Checkbox label="Is organiser?" {...form.getInputProps('isOrganiser', { type: 'checkbox' })} />
        <CustomFieldInputs
          fields={fields.data?.items ?? []}
          values={form.values.customFields}
          onChange={(values) => form.setFieldValue('customFields', values)}
          errors={errorTexts(form.errors)}
        />
        <Title order={2} size="h4" mt="sm">
          Team owner
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="First name"
            required
            autoComplete="off"
            {...form.getInputProps('owner.firstName')}
          />
          <TextInput label="Surname" required autoComplete="off" {...form.getInputProps('owner.surname')} />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="off"
          description="A new owner gets an email with a link to set their password."
          {...form.getInputProps('owner.email')}
        />
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            {parent ? 'Add stand share' : 'Add team'}
          </Button>
          <Button variant="default" component={Link} to={props.cancelTo}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /admin/teams/add-team: a team with its owner. */
export function AddTeamScreen() {
  return (
    <PageHeader
      title="Add team"
      breadcrumbs={[
        { label: 'Admin', to: '/admin' },
        { label: 'Teams', to: '/admin/teams' },
        { label: 'Add team' },
      ]}
      tips="The owner is found by email; someone new gets an account and a welcome email to set their password."
    >
      <TeamCreateForm
        parent={null}
        doneTo={(id) => `/admin/teams/${id}`}
        cancelTo="/admin/teams"
        withFields
      />
    </PageHeader>
  );
}

/** /admin/teams/add-stand-share/:parentId: a child team sharing the parent's stand. */
export function AddStandShareScreen() {
  const { parentId = '' } = useParams();
  const { event } = useSession();
  const parent = useTeam(event?.id ?? '', parentId);
  return (
    <PageHeader
      title="Add stand share"
      breadcrumbs={[
        { label: 'Admin', to: '/admin' },
        { label: 'Teams', to: '/admin/teams' },
        ...(parent.data ? [{ label: parent.data.name, to: `/admin/teams/${parentId}` }] : []),
        { label: 'Add stand share' },
      ]}
    >
      {parent.isPending ? (
        <Loading label="Loading the team" />
      ) : parent.isError ? (
        <LoadFailed title="The team could not be loaded" error={parent.error} retry={parent.refetch} />
      ) : (
        <TeamCreateForm
          parent={{ id: parent.data.id, name: parent.data.name }}
          doneTo={(id) => `/admin/teams/${id}`}
          cancelTo={`/admin/teams/${parentId}`}
          withFields
        />
      )}
    </PageHeader>
  );
}

/**
 * /my-team/add-stand-share/:parentId: a team owner shares their stand with another team. The
 * parent must be the owner's own team; the server refuses any other.
 */
export function MyTeamAddStandShareScreen() {
  const { parentId = '' } = useParams();
  const { event } = useSession();
  const mine = useMyTeam(event?.id ?? '');
  const team = mine.data?.team;
  return (
    <PageHeader
      title="Add stand share"
      breadcrumbs={[{ label: 'My team', to: '/my-team' }, { label: 'Add stand share' }]}
    >
      {mine.isPending ? (
        <Loading label="Loading your team" />
      ) : mine.isError ? (
        <LoadFailed title="Your team could not be loaded" error={mine.error} retry={mine.refetch} />
      ) : team && team.id === parentId && team.can.addStandShare ? (
        <TeamCreateForm
          parent={{ id: team.id, name: team.name }}
          doneTo={() => '/my-team'}
          cancelTo="/my-team"
          withFields={false}
        />
      ) : (
        <Paper p="lg">Only the team owner can add a stand share to their team.</Paper>
      )}
    </PageHeader>
  );
}

export { AddTeamScreen as Component };
