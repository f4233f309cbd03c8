import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { TEAM_ROLE_LABELS } from '../../../shared/people/teams';
import { useEventDates, useSession } from '../../lib/session';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { MyTeamSettings } from './MyTeamSettings';
import { TeamView } from './TeamView';

import { useMyTeam } from './teamsApi';

/** /my-team: the signed-in person's own team, their role, its members and the support contact. */
export function MyTeamScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const mine = useMyTeam(eventId);
  const dates = useEventDates();
  const team = mine.data?.team;

  const support = mine.data?.supportEmail ? (
    <Text size="sm">
      Need help? Contact <Anchor href={`mailto:${mine.data.supportEmail}`}>{mine.data.supportEmail}</Anchor>
    </Text>
  ) : null;

  return (
    <PageHeader
      title="My team"
      description={team ? team.name : undefined}
      actions={
        team && (team.can.addMember || team.can.addStandShare) ? (
          <Group gap="xs">
            {team.can.addMember && (
              <Button component={Link} to="/my-team/add-team-member">
                Add team member
              </Button>
            )}
            {team.can.addStandShare && (
              <Button variant="default" component={Link} to={`/my-team/add-stand-share/${team.id}`}>
                Add stand share
              </Button>
            )}
          </Group>
        ) : undefined
      }
      tips="The team owner can add members by email. Everyone in the team sees the same tasks and forms."
    >
      {mine.isPending ? (
        <Loading label="Loading your team" />
      ) : mine.isError ? (
        <LoadFailed title="Your team could not be loaded" error={mine.error} retry={mine.refetch} />
      ) : !team ? (
        <Paper withBorder p="xl" radius="md">
          <Stack gap="sm">
            <Text>You are not in a team in this event.</Text>
            {support}
          </Stack>
        </Paper>
      ) : (
        <Stack gap="lg">
          {mine.data.teamRole && (
            <Text size="sm" component="div">
              Your role: <Badge variant="light">{TEAM_ROLE_LABELS[mine.data.teamRole]}</Badge>
            </Text>
          )}
          <TeamView team={team} eventId={eventId} dates={dates} />
          {mine.data.teamRole === 'teamOwner' && (
            <MyTeamSettings key={team.id} team={team} eventId={eventId} />
          )}
          {support}
        </Stack>
      )}
    </PageHeader>
  );
}

export { MyTeamScreen as Component };
