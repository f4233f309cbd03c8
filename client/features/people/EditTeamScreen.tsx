import { Button, Checkbox, Group, Paper, Stack, TextInput } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { type TeamDetail, updateTeamBodySchema } from '../../../shared/people/schema';
import { useSession } from '../../lib/session';
import { errorTexts, useSchemaForm } from '../../lib/useSchemaForm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { CustomFieldInputs, requiredErrors } from './CustomFieldInputs';
import { TeamTypeSelect } from './teamParts';
import { useTeam, useUpdateTeam } from './teamsApi';

function EditTeamForm({ team, eventId }: { team: TeamDetail; eventId: string }) {
  const form = useSchemaForm(updateTeamBodySchema, {
    initialValues: {
      name: team.name,
      teamTypeId: team.teamTypeId,
      isOrganiser: team.isOrganiser,
      customFields: Object.fromEntries(
        team.fields.flatMap((f) => (f.value === null ? [] : [[f.id, f.value]])),
      ),
    },
    check: (values) => requiredErrors(team.fields, values.customFields ?? {}),
  });
  const update = useUpdateTeam(eventId, team.id);
  const feedback = useFeedback();
  const navigate = useNavigate();

  const submit = form.onSubmit((body) =>
    update.mutate(body, {
      onSuccess: () => {
        feedback.success();
        navigate(`/admin/teams/${team.id}`);
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
        <TeamTypeSelect
          label="Team type"
          value={form.values.teamTypeId}
          onChange={(id) => form.setFieldValue('teamTypeId', id)}
        />
        <Checkbox label="Is organiser?" {...form.getInputProps('isOrganiser', { type: 'checkbox' })} />
        <CustomFieldInputs
          fields={team.fields}
          values={form.values.customFields ?? {}}
          onChange={(values) => form.setFieldValue('customFields', values)}
          errors={errorTexts(form.errors)}
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
          <Button variant="default" component={Link} to={`/admin/teams/${team.id}`}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /admin/teams/:teamId/edit-team */
export function EditTeamScreen() {
  const { teamId = '' } = useParams();
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const team = useTeam(eventId, teamId);
  return (
    <PageHeader
      title="Edit team"
      breadcrumbs={[
        { label: 'Admin', to: '/admin' },
        { label: 'Teams', to: '/admin/teams' },
        ...(team.data ? [{ label: team.data.name, to: `/admin/teams/${teamId}` }] : []),
        { label: 'Edit team' },
      ]}
    >
      {team.isPending ? (
        <Loading label="Loading the team" />
      ) : team.isError ? (
        <LoadFailed title="The team could not be loaded" error={team.error} retry={team.refetch} />
      ) : (
        <EditTeamForm team={team.data} eventId={eventId} />
      )}
    </PageHeader>
  );
}

export { EditTeamScreen as Component };
