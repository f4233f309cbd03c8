import { Button, Checkbox, Group, Paper, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { can, PERMISSION_LABELS } from '../../../shared/auth/permissions';
import { type TeamDetail, type TeamMember, updateTeamMemberBodySchema } from '../../../shared/people/schema';
import { MEMBER_PERMISSIONS, type MemberPermission } from '../../../shared/people/teams';
import { useSession } from '../../lib/session';
import { useSchemaForm } from '../../lib/useSchemaForm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';

import { useTeam, useUpdateTeamMember } from './teamsApi';
import { UserEmails } from './UserEmails';

const asMemberPermission = (value: string): MemberPermission => (value === 'admin' ? 'admin' : 'user');

function EditMemberForm({
  team,
  member,
  eventId,
}: {
  team: TeamDetail;
  member: TeamMember;
  eventId: string;
}) {
  const { level } = useSession();
  const isMemberLevel = MEMBER_PERMISSIONS.some((p) => p === member.permissions);
  const form = useSchemaForm(updateTeamMemberBodySchema, {
    initialValues: {
      firstName: member.firstName,
      surname: member.surname,
      permissions: asMemberPermission(member.permissions),
      makeOwner: false,
    },
    toInput: ({ makeOwner, permissions, ...names }) => ({
      ...names,
      // Levels outside User/Admin (moderators, staff) are changed on the users screen, not here.
      ...(isMemberLevel && permissions !== member.permissions ? { permissions } : {}),
      ...(makeOwner ? { teamRole: 'teamOwner' as const } : {}),
    }),
  });
  const update = useUpdateTeamMember(eventId, team.id, member.id);
  const feedback = useFeedback();
  const navigate = useNavigate();
  const back = `/admin/teams/${team.id}`;

  const submit = form.onSubmit((body) =>
    update.mutate(body, {
      onSuccess: () => {
        feedback.success();
        navigate(back);
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
        <Text size="sm" c="dimmed">
          {member.email}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" required {...form.getInputProps('firstName')} />
          <TextInput label="Surname" required {...form.getInputProps('surname')} />
        </SimpleGrid>
        {isMemberLevel && can(level, 'admin') && (
          <Radio.Group
            label="Permission"
            value={form.values.permissions}
            onChange={(value) => form.setFieldValue('permissions', asMemberPermission(value))}
          >
            <Group mt="xs">
              {MEMBER_PERMISSIONS.map((p) => (
                <Radio key={p} value={p} label={PERMISSION_LABELS[p]} />
              ))}
            </Group>
          </Radio.Group>
        )}
        {member.teamRole !== 'teamOwner' && (
          <Checkbox
            label="Make team owner"
            description="The current owner becomes a team member."
            {...form.getInputProps('makeOwner', { type: 'checkbox' })}
          />
        )}
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
          <Button variant="default" component={Link} to={back}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /admin/teams/:teamId/:userId: edit a team member. */
export function EditTeamMemberScreen() {
  const { teamId = '', userId = '' } = useParams();
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const team = useTeam(eventId, teamId);
  const member = team.data?.members.find((m) => m.id === userId);
  return (
    <PageHeader
      title="Edit team member"
      breadcrumbs={[
        { label: 'Admin', to: '/admin' },
        { label: 'Teams', to: '/admin/teams' },
        ...(team.data ? [{ label: team.data.name, to: `/admin/teams/${teamId}` }] : []),
        { label: 'Edit team member' },
      ]}
    >
      {team.isPending ? (
        <Loading label="Loading the team" />
      ) : team.isError ? (
        <LoadFailed title="The team could not be loaded" error={team.error} retry={team.refetch} />
      ) : member ? (
        <>
          <EditMemberForm team={team.data} member={member} eventId={eventId} />
          <UserEmails eventId={eventId} userId={member.id} />
        </>
      ) : (
        <Paper p="lg">This person is not a member of this team.</Paper>
      )}
    </PageHeader>
  );
}

export { EditTeamMemberScreen as Component };
