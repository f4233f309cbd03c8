import { Button, Group, Paper, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { can, PERMISSION_LABELS } from '../../../shared/auth/permissions';
import { addTeamMemberBodySchema, type TeamDetail } from '../../../shared/people/schema';
import { MEMBER_PERMISSIONS, type MemberPermission } from '../../../shared/people/teams';
import { useSession } from '../../lib/session';
import { useSchemaForm } from '../../lib/useSchemaForm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';

import { useAddTeamMember, useMyTeam, useTeam } from './teamsApi';

function AddMemberForm({ team, eventId, backTo }: { team: TeamDetail; eventId: string; backTo: string }) {
  const { level } = useSession();
  const form = useSchemaForm(addTeamMemberBodySchema, {
    initialValues: { firstName: '', surname: '', email: '', permissions: 'user' as MemberPermission },
  });
  const add = useAddTeamMember(eventId, team.id);
  const feedback = useFeedback();
  const navigate = useNavigate();
  // Only admins may make someone an admin; the server refuses it anyway.
  const offered = MEMBER_PERMISSIONS.filter((p) => p === 'user' || can(level, 'admin'));

  const submit = form.onSubmit((body) =>
    add.mutate(body, {
      onSuccess: () => {
        feedback.success('The team member has been added');
        navigate(backTo);
      },
      onError: (error) => {
        form.setServerErrors(error);
        feedback.error(error);
      },
    }),
  );

  if (team.isFull) {
    return <Paper p="lg">This team is full: it has reached the team member limit.</Paper>;
  }
  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate maw={720}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" required {...form.getInputProps('firstName')} />
          <TextInput label="Surname" required {...form.getInputProps('surname')} />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          required
          description="Someone new gets an email with a link to set their password."
          {...form.getInputProps('email')}
        />
        {offered.length > 1 && (
          <Radio.Group
            label="Permission"
            value={form.values.permissions}
            onChange={(value) => form.setFieldValue('permissions', value === 'admin' ? 'admin' : 'user')}
          >
            <Group mt="xs">
              {offered.map((p) => (
                <Radio key={p} value={p} label={PERMISSION_LABELS[p]} />
              ))}
            </Group>
          </Radio.Group>
        )}
        <Group>
          <Button type="submit" loading={add.isPending}>
            Add team member
          </Button>
          <Button variant="default" component={Link} to={backTo}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /admin/teams/:teamId/add-team-member */
export function AddTeamMemberScreen() {
  const { teamId = '' } = useParams();
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const team = useTeam(eventId, teamId);
  return (
    <PageHeader
      title="Add team member"
      breadcrumbs={[
        { label: 'Admin', to: '/admin' },
        { label: 'Teams', to: '/admin/teams' },
        ...(team.data ? [{ label: team.data.name, to: `/admin/teams/${teamId}` }] : []),
        { label: 'Add team member' },
      ]}
    >
      {team.isPending ? (
        <Loading label="Loading the team" />
      ) : team.isError ? (
        <LoadFailed title="The team could not be loaded" error={team.error} retry={team.refetch} />
      ) : (
        <AddMemberForm team={team.data} eventId={eventId} backTo={`/admin/teams/${teamId}`} />
      )}
    </PageHeader>
  );
}

/** /my-team/add-team-member: the team owner invites someone into their own team. */
export function MyTeamAddMemberScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const mine = useMyTeam(eventId);
  const team = mine.data?.team;
  return (
    <PageHeader
      title="Add team member"
      breadcrumbs={[{ label: 'My team', to: '/my-team' }, { label: 'Add team member' }]}
    >
      {mine.isPending ? (
        <Loading label="Loading your team" />
      ) : mine.isError ? (
        <LoadFailed title="Your team could not be loaded" error={mine.error} retry={mine.refetch} />
      ) : team && mine.data.teamRole === 'teamOwner' ? (
        <AddMemberForm team={team} eventId={eventId} backTo="/my-team" />
      ) : (
        <Paper p="lg">Only the team owner can add team members.</Paper>
      )}
    </PageHeader>
  );
}

export { AddTeamMemberScreen as Component };
