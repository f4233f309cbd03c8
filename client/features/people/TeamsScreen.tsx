import { Anchor, Button, Group, Select, Stack, Switch, Text } from '@mantine/core';
import { Link } from 'react-router';
import { can } from '../../../shared/auth/permissions';
import { TEAM_SORTS, type TeamRow } from '../../../shared/people/schema';
import { STAND_SHARE_LABELS, STAND_SHARE_ROLES, type StandShareRole } from '../../../shared/people/teams';
import { type DateContext, formatDateTime } from '../../lib/format';
import { useEventDates, useSession } from '../../lib/session';
import { useConfirm } from '../../ui/confirm';
import { BREAK_ANYWHERE, DataTable, type DataTableColumn } from '../../ui/DataTable';
import { useFeedback } from '../../ui/FeedbackBanner';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { ListSearch } from '../../ui/ListSearch';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed } from '../../ui/QueryState';
import { useListParams } from '../../ui/useListParams';
import { TeamTypeSelect } from './teamParts';
import { type TeamSort, useBulkDeleteTeams, useTeams } from './teamsApi';

const STAND_SHARE_OPTIONS = STAND_SHARE_ROLES.map((value) => ({ value, label: STAND_SHARE_LABELS[value] }));
const toStandShare = (value: string | undefined): StandShareRole | null =>
  STAND_SHARE_ROLES.find((role) => role === value) ?? null;

function columns(dates: DateContext): DataTableColumn<TeamRow, TeamSort>[] {
  return [
    {
      key: 'name',
      header: 'Team name',
      sortKey: 'name',
      render: (team) => (
        <Anchor component={Link} to={`/admin/teams/${team.id}`} fw={600}>
          {team.name}
        </Anchor>
      ),
    },
    {
      key: 'owner',
      header: 'Team owner',
      sortKey: 'ownerName',
      render: (team) => (
        <Stack gap={0}>
          <Text size="sm">{team.ownerName}</Text>
          <Text size="xs" c="dimmed" style={BREAK_ANYWHERE}>
            {team.ownerEmail}
          </Text>
        </Stack>
      ),
    },
    { key: 'type', header: 'Team type', sortKey: 'teamTypeName', render: (team) => team.teamTypeName ?? '—' },
    { key: 'members', header: 'Members', sortKey: 'membersCount', render: (team) => team.membersCount },
    {
      key: 'standShare',
      header: 'Stand share',
      sortKey: 'standShareRole',
      render: (team) => STAND_SHARE_LABELS[team.standShareRole],
    },
    {
      key: 'lastLogin',
      header: 'Last login',
      sortKey: 'lastLoginInTime',
      render: (team) => (team.lastLoginInTime ? formatDateTime(team.lastLoginInTime, dates) : 'Never'),
    },
  ];
}

/** /admin/teams: the event's teams (moderator and above), paged, sorted and filtered by the server. */
export function TeamsScreen() {
  const { event, level } = useSession();
  const params = useListParams<TeamSort>('name', TEAM_SORTS);
  const teamTypeId = params.filters.teamTypeId ?? null;
  const notLoggedIn = params.filters.notLoggedIn === 'true';
  const standShare = toStandShare(params.filters.standShare);
  const teams = useTeams(event?.id ?? '', {
    page: params.page,
    sort: params.sort,
    order: params.order,
    search: params.search,
    teamTypeId,
    notLoggedIn,
    standShare,
  });
  const dates = useEventDates();
  const bulkDelete = useBulkDeleteTeams(event?.id ?? '');
  const confirm = useConfirm();
  const feedback = useFeedback();

  const askBulkDelete = (ids: string[]) => {
    const names = (teams.data?.items ?? []).filter((t) => ids.includes(t.id)).map((t) => t.name);
    const count = ids.length === 1 ? '1 team' : `${ids.length} teams`;
    confirm({
      title: `Delete ${count}`,
      message: `${names.join(', ')} will be deleted. Their people stay in the event without a team. A team with stand shares still in it, or your own team, is kept.`,
      confirmLabel: 'Delete',
      color: 'red',
      onConfirm: () =>
        bulkDelete.mutate(
          { teamIds: ids },
          {
            onSuccess: (result) => {
              const deleted = result.deleted.length === 1 ? '1 team' : `${result.deleted.length} teams`;
              if (result.failed.length === 0) return feedback.success(`${deleted} deleted`);
              // Each refused team with the spec's reason, e.g. "Can't self delete".
              const reasons = result.failed
                .map((f) => `${f.name ?? 'Unknown team'}: ${f.message}`)
                .join('; ');
              feedback.show('error', `${deleted} deleted. Not deleted: ${reasons}`);
            },
            onError: (error) => feedback.error(error),
          },
        ),
    });
  };

  const toolbar = (
    <Group align="flex-end" gap="md" mb="md" wrap="wrap">
      <ListSearch value={params.search} onSearch={params.setSearch} placeholder="Team, owner or email" />
      <TeamTypeSelect
        label="Team type"
        placeholder="All team types"
        value={teamTypeId}
        onChange={(value) => params.setFilter('teamTypeId', value)}
        w={200}
      />
      <Select
        label="Stand share"
        placeholder="All teams"
        data={STAND_SHARE_OPTIONS}
        value={standShare}
        onChange={(value) => params.setFilter('standShare', value)}
        clearable
        w={180}
      />
      <Switch
        label="Not logged in"
        checked={notLoggedIn}
        onChange={(e) => params.setFilter('notLoggedIn', e.currentTarget.checked ? 'true' : null)}
        mb={8}
      />
    </Group>
  );

  const emptyState = (
    <ListEmptyState
      filtered={params.hasFilters}
      onClearFilters={params.clearFilters}
      noun="teams"
      add={{ label: 'Add team', to: '/admin/teams/add-team' }}
    />
  );

  return (
    <PageHeader
      title="Teams"
      breadcrumbs={[{ label: 'Admin', to: '/admin' }, { label: 'Teams' }]}
      actions={
        <Group gap="sm">
          {/* Spec: the bulk import is admin only. */}
          {can(level, 'admin') && (
            <Button component={Link} to="/admin/teams/import" variant="default">
              Import teams
            </Button>
          )}
          <Button component={Link} to="/admin/teams/add-team">
            Add team
          </Button>
        </Group>
      }
      quickLinks={[
        { label: 'Users', to: '/admin/users' },
        { label: 'Team types', to: '/admin/team-types', level: 'admin' },
      ]}
      tips="Use Not logged in to find teams where nobody has signed in yet, and Stand share to see parent or child stands."
    >
      {teams.isError ? (
        <>
          {toolbar}
          <LoadFailed title="The teams could not be loaded" error={teams.error} retry={teams.refetch} />
        </>
      ) : (
        <DataTable
          label="Teams"
          rows={teams.data?.items ?? []}
          total={teams.data?.total ?? 0}
          columns={columns(dates)}
          getRowId={(team) => team.id}
          params={params}
          isLoading={teams.isPending}
          isFetching={teams.isPlaceholderData}
          selection="multi"
          // Spec: bulk table actions show only when the viewer is not known to be a non-admin.
          canBulk={can(level, 'admin')}
          bulkActions={[{ label: 'Delete', color: 'red', onClick: askBulkDelete }]}
          toolbar={toolbar}
          emptyState={emptyState}
        />
      )}
    </PageHeader>
  );
}

export { TeamsScreen as Component };
