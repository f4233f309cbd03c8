import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from 'react-router';
import { PERMISSION_LABELS } from '../../../shared/auth/permissions';
import type { TeamDetail, TeamMember } from '../../../shared/people/schema';
import { STAND_SHARE_LABELS, TEAM_ROLE_LABELS } from '../../../shared/people/teams';
import { type DateContext, formatDateTime } from '../../lib/format';
import { useConfirm } from '../../ui/confirm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { MemberAreasButton } from './MemberAreasButton';
import { useRemoveTeamMember } from './teamsApi';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}

function MemberRow(props: {
  member: TeamMember;
  team: TeamDetail;
  eventId: string;
  dates: DateContext;
  editPath: string | null;
}) {
  const { member, team } = props;
  const confirm = useConfirm();
  const feedback = useFeedback();
  const remove = useRemoveTeamMember(props.eventId, team.id);
  const name = `${member.firstName} ${member.surname}`.trim();
  const isOwner = member.teamRole === 'teamOwner';
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600}>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {member.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant={isOwner ? 'filled' : 'light'}>{TEAM_ROLE_LABELS[member.teamRole]}</Badge>
      </Table.Td>
      <Table.Td>{PERMISSION_LABELS[member.permissions]}</Table.Td>
      <Table.Td>
        {member.lastLoginInTime ? formatDateTime(member.lastLoginInTime, props.dates) : 'Never'}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {props.editPath && (
            <Button size="xs" variant="default" component={Link} to={props.editPath}>
              Edit<VisuallyHidden> {name}</VisuallyHidden>
            </Button>
          )}
          {team.can.manageMembers && !isOwner && (
            <MemberAreasButton member={member} eventId={props.eventId} teamId={team.id} />
          )}
          {team.can.manageMembers && !isOwner && (
            <Button
              size="xs"
              variant="default"
              aria-label={`Remove ${name} from the team`}
              onClick={() =>
                confirm({
                  title: 'Remove team member',
                  message: `${name} will leave ${team.name}. They keep their account in this event.`,
                  confirmLabel: 'Remove',
                  color: 'red',
                  onConfirm: () =>
                    remove.mutate(member.id, {
                      onSuccess: () => feedback.success(),
                      onError: (error) => feedback.error(error),
                    }),
                })
              }
            >
              Remove
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** A team's facts, members and stand shares; shared by /admin/teams/:teamId and /my-team. */
export function TeamView(props: {
  team: TeamDetail;
  eventId: string;
  dates: DateContext;
  /** Where a member's edit screen lives, when the viewer may edit members. */
  memberEditPath?: (memberId: string) => string;
  teamLink?: (teamId: string) => string;
}) {
  const { team } = props;
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Fact label="Team type" value={team.teamTypeName ?? 'None'} />
          <Fact label="Stand share" value={STAND_SHARE_LABELS[team.standShareRole]} />
          <Fact label="Is organiser?" value={team.isOrganiser ? 'Yes' : 'No'} />
          <Fact label="Members" value={`${team.members.length} of ${team.teamMemberLimit}`} />
        </SimpleGrid>
        {team.fields.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} mt="md">
            {team.fields.map((f) => (
              <Fact
                key={f.id}
                label={f.label}
                value={typeof f.value === 'boolean' ? (f.value ? 'Yes' : 'No') : f.value || '—'}
              />
            ))}
          </SimpleGrid>
        )}
        {team.isFull && (
          <Text size="sm" mt="md" c="dimmed">
            This team is full: it has reached the team member limit.
          </Text>
        )}
      </Paper>

      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="team-members">
        <Title order={2} size="h4" id="team-members" mb="md">
          Team members
        </Title>
        {/* Native scrolling, reachable by keyboard: a table with no buttons has nothing else to focus. */}
        {/* Positioned, so the header's visually hidden label scrolls inside it, not the page. */}
        <Table.ScrollContainer
          minWidth={600}
          type="native"
          style={{ position: 'relative' }}
          tabIndex={0}
          role="region"
          aria-label="Team members, scrollable"
        >
          <Table aria-labelledby="team-members" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Permissions</Table.Th>
                <Table.Th>Last login</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {team.members.map((member) => (
                <MemberRow
                  key={member.id}
                  member={member}
                  team={team}
                  eventId={props.eventId}
                  dates={props.dates}
                  editPath={props.memberEditPath ? props.memberEditPath(member.id) : null}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      {(team.parentTeam || team.childTeams.length > 0) && (
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="team-stand-shares">
          <Title order={2} size="h4" id="team-stand-shares" mb="md">
            Stand shares
          </Title>
          {team.parentTeam && (
            <Text size="sm">
              Shares the stand of{' '}
              {props.teamLink ? (
                <Anchor component={Link} to={props.teamLink(team.parentTeam.id)}>
                  {team.parentTeam.name}
                </Anchor>
              ) : (
                team.parentTeam.name
              )}
            </Text>
          )}
          {team.childTeams.length > 0 && (
            <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {team.childTeams.map((child) => (
                <li key={child.id}>
                  {props.teamLink ? (
                    <Anchor component={Link} to={props.teamLink(child.id)}>
                      {child.name}
                    </Anchor>
                  ) : (
                    <Text size="sm">{child.name}</Text>
                  )}
                </li>
              ))}
            </Stack>
          )}
        </Paper>
      )}
    </Stack>
  );
}
