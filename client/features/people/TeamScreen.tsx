import { Button, Group } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useEventDates, useSession } from '../../lib/session';
import { useConfirm } from '../../ui/confirm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { TeamView } from './TeamView';

import { useDeleteTeam, useTeam } from './teamsApi';

/** /admin/teams/:teamId: the team, its members and roles, stand shares, and what may be done with it. */
export function TeamScreen() {
  const { teamId = '' } = useParams();
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const team = useTeam(eventId, teamId);
  const remove = useDeleteTeam(eventId);
  const confirm = useConfirm();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const dates = useEventDates();
  const t = team.data;

  const actions = t && (
    <Group gap="xs">
      {t.can.edit && (
        <Button variant="default" component={Link} to={`/admin/teams/${t.id}/edit-team`}>
          Edit team
        </Button>
      )}
      {t.can.addMember && (
        <Button component={Link} to={`/admin/teams/${t.id}/add-team-member`}>
          Add team member
        </Button>
      )}
      {t.can.addStandShare && (
        <Button variant="default" component={Link} to={`/admin/teams/add-stand-share/${t.id}`}>
          Add stand share
        </Button>
      )}
      {t.can.delete && (
        <Button
          variant="default"
          onClick={() =>
            confirm({
              title: 'Delete team',
              message: `${t.name} will be deleted. Its members stay in the event without a team.`,
              confirmLabel: 'Delete',
              color: 'red',
              onConfirm: () =>
                remove.mutate(t.id, {
                  onSuccess: () => {
                    feedback.success('The team has been deleted');
                    navigate('/admin/teams');
                  },
                  onError: (error) => feedback.error(error),
                }),
            })
          }
        >
          Delete team
        </Button>
      )}
    </Group>
  );

  return (
    <PageHeader
      title={t?.name ?? 'Team'}
      breadcrumbs={[
        { label: 'Admin', to: '/admin' },
        { label: 'Teams', to: '/admin/teams' },
        { label: t?.name ?? 'Team' },
      ]}
      actions={actions}
      tips="A team is full when its members reach the team member limit set in Variables."
    >
      {team.isPending ? (
        <Loading label="Loading the team" />
      ) : team.isError ? (
        <LoadFailed title="The team could not be loaded" error={team.error} retry={team.refetch} />
      ) : (
        <TeamView
          team={team.data}
          eventId={eventId}
          dates={dates}
          memberEditPath={team.data.can.edit ? (id) => `/admin/teams/${team.data.id}/${id}` : undefined}
          teamLink={(id) => `/admin/teams/${id}`}
        />
      )}
    </PageHeader>
  );
}

export { TeamScreen as Component };
