import { Button, Checkbox, Group, Paper, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { type TeamDetail, updateTeamBodySchema } from '../../../shared/people/schema';
import { fieldErrors, issuesByPath } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { CustomFieldInputs, type FieldValues, requiredErrors } from './CustomFieldInputs';
import { TeamTypeSelect } from './teamParts';
import { useTeam, useUpdateTeam } from './teamsApi';

function EditTeamForm({ team, eventId }: { team: TeamDetail; eventId: string }) {
  const [name, setName] = useState(team.name);
  const [teamTypeId, setTeamTypeId] = useState(team.teamTypeId);
  const [isOrganiser, setIsOrganiser] = useState(team.isOrganiser);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [values, setValues] = useState<FieldValues>(() =>
    Object.fromEntries(team.fields.flatMap((f) => (f.value === null ? [] : [[f.id, f.value]]))),
  );
  const update = useUpdateTeam(eventId, team.id);
  const feedback = useFeedback();
  const navigate = useNavigate();

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = updateTeamBodySchema.safeParse({ name, teamTypeId, isOrganiser, customFields: values });
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error.issues));
      return;
    }
    const required = requiredErrors(team.fields, values);
    if (Object.keys(required).length > 0) {
      setErrors(required);
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: () => {
        feedback.success();
        navigate(`/admin/teams/${team.id}`);
      },
      onError: (error) => {
        setErrors(fieldErrors(error));
        feedback.error(error);
      },
    });
  }

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate maw={720}>
      <Stack gap="md">
        <TextInput
          label="Team name"
          required
          value={name}
          error={errors.name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <TeamTypeSelect label="Team type" value={teamTypeId} onChange={setTeamTypeId} />
        <Checkbox
          label="Is organiser?"
          checked={isOrganiser}
          onChange={(e) => setIsOrganiser(e.currentTarget.checked)}
        />
        <CustomFieldInputs fields={team.fields} values={values} onChange={setValues} errors={errors} />
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
