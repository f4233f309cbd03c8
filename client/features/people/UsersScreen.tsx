import { Alert, Anchor, Button, Group, Select, Stack, Switch, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PERMISSION_LABELS, PERMISSIONS, type Permission } from '../../../shared/auth/permissions';
import { USER_SORTS, type UserRow } from '../../../shared/people/schema';
import { TEAM_ROLE_LABELS } from '../../../shared/people/teams';
import { errorMessage } from '../../lib/errors';
import { type DateContext, formatDateTime } from '../../lib/format';
import { useEventDates, useSession } from '../../lib/session';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { ListSearch } from '../../ui/ListSearch';
import { PageHeader } from '../../ui/PageHeader';
import { useListParams } from '../../ui/useListParams';
import { type UserSort, useUsers } from './api';
import { UserActions } from './UserActions';
import { UserExportMenu } from './UserExportMenu';

const PERMISSION_OPTIONS = PERMISSIONS.map((value) => ({ value, label: PERMISSION_LABELS[value] }));

function toPermission(value: string | undefined): Permission | null {
  return PERMISSIONS.find((permission) => permission === value) ?? null;
}

function columns(dates: DateContext, eventId: string): DataTableColumn<UserRow, UserSort>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'firstName',
      render: (user) => <Text fw={600}>{`${user.firstName} ${user.surname}`.trim()}</Text>,
    },
    { key: 'email', header: 'Email', sortKey: 'email', breakAnywhere: true, render: (user) => user.email },
    {
      key: 'team',
      header: 'Team',
      render: (user) =>
        user.teamId && user.teamName ? (
          <Stack gap={0}>
            <Anchor component={Link} to={`/admin/teams/${user.teamId}`} size="sm">
              {user.teamName}
            </Anchor>
            {user.teamRole && (
              <Text size="xs" c="dimmed">
                {TEAM_ROLE_LABELS[user.teamRole]}
              </Text>
            )}
          </Stack>
        ) : (
          '—'
        ),
    },
    {
      key: 'permissions',
      header: 'Permissions',
      sortKey: 'permissions',
      render: (user) => PERMISSION_LABELS[user.permissions],
    },
    {
      key: 'hasLoggedIn',
      header: 'Has logged in',
      sortKey: 'lastLoginInTime',
      render: (user) =>
        user.hasLoggedIn ? (
          <Stack gap={0}>
            <Text size="sm">Yes</Text>
            {user.lastLoginInTime && (
              <Text size="xs" c="dimmed">
                Last login {formatDateTime(user.lastLoginInTime, dates)}
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="sm">No</Text>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (user) => <UserActions user={user} eventId={eventId} />,
    },
  ];
}

/** /admin/users: the event's users (moderator and above), paged, sorted and filtered by the server. */
export function UsersScreen() {
  const { event } = useSession();
  const params = useListParams<UserSort>('firstName', USER_SORTS);
  const permissions = toPermission(params.filters.permissions);
  const notLoggedIn = params.filters.notLoggedIn === 'true';
  const eventId = event?.id ?? '';
  const users = useUsers(eventId, {
    page: params.page,
    sort: params.sort,
    order: params.order,
    search: params.search,
    permissions,
    notLoggedIn,
  });
  const dates = useEventDates();

  const toolbar = (
    <Group align="flex-end" gap="md" mb="md" wrap="wrap">
      <ListSearch value={params.search} onSearch={params.setSearch} placeholder="Name or email" />
      <Select
        label="Permissions"
        placeholder="All permissions"
        data={PERMISSION_OPTIONS}
        value={permissions}
        onChange={(value) => params.setFilter('permissions', value)}
        clearable
        w={200}
      />
      <Switch
        label="Not logged in"
        checked={notLoggedIn}
        onChange={(event) => params.setFilter('notLoggedIn', event.currentTarget.checked ? 'true' : null)}
        mb={8}
      />
      {eventId && <UserExportMenu eventId={eventId} />}
    </Group>
  );

  const emptyState = (
    <ListEmptyState filtered={params.hasFilters} onClearFilters={params.clearFilters} noun="users" />
  );

  return (
    <PageHeader
      title="Users"
      breadcrumbs={[{ label: 'Admin', to: '/admin' }, { label: 'Users' }]}
      tips="Click a column heading to sort by it, and click it again to reverse the order. Use Not logged in to find people who have not signed in yet."
    >
      {users.isError ? (
        <>
          {toolbar}
          <Alert color="red" variant="light" title="The users could not be loaded">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{errorMessage(users.error)}</Text>
              <Button size="xs" variant="default" onClick={() => users.refetch()}>
                Try Again
              </Button>
            </Stack>
          </Alert>
        </>
      ) : (
        <DataTable
          label="Users"
          rows={users.data?.items ?? []}
          total={users.data?.total ?? 0}
          columns={columns(dates, eventId)}
          getRowId={(user) => user.id}
          params={params}
          isLoading={users.isPending}
          isFetching={users.isPlaceholderData}
          toolbar={toolbar}
          emptyState={emptyState}
        />
      )}
    </PageHeader>
  );
}

export { UsersScreen as Component };
