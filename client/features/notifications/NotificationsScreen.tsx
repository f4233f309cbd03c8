import { Anchor, Badge, Button, Group, Select, Text } from '@mantine/core';
import { Link } from 'react-router';
import { NOTIFICATION_SORTS, type Notification } from '../../../shared/notifications/api';
import {
  NOTIFICATION_STATUS_LABELS,
  NOTIFICATION_STATUSES,
  type NotificationStatus,
} from '../../../shared/notifications/status';
import { audienceLabel } from '../../../shared/notifications/visibility';
import { useSession } from '../../lib/session';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { ListSearch } from '../../ui/ListSearch';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed } from '../../ui/QueryState';
import { useListParams } from '../../ui/useListParams';
import { useTeamTypes } from '../people/teamsApi';
import { type NotificationSort, useNotifications } from './api';
import { EventDateTime } from './EventDateTime';

/** Dark shades (the theme's green for published): small badge text must keep 4.5:1 on white (axe). */
const STATUS_COLORS: Record<NotificationStatus, string | undefined> = {
  draft: 'gray.8',
  scheduled: 'blue.9',
  pushed: undefined,
  sent: undefined,
  failed: 'red.9',
};

export function StatusBadge({ status }: { status: NotificationStatus }) {
  return (
    <Badge variant="outline" color={STATUS_COLORS[status]}>
      {NOTIFICATION_STATUS_LABELS[status]}
    </Badge>
  );
}

const columns: DataTableColumn<Notification, NotificationSort>[] = [
  {
    key: 'title',
    header: 'Title',
    sortKey: 'title',
    render: (n) => (
      <Anchor component={Link} to={`/admin/notifications/${n.id}`} fw={600}>
        {n.title}
      </Anchor>
    ),
  },
  { key: 'status', header: 'Status', sortKey: 'status', render: (n) => <StatusBadge status={n.status} /> },
  { key: 'audience', header: 'Who sees it', render: (n) => <Text size="sm">{audienceLabel(n)}</Text> },
  { key: 'sendEmail', header: 'Email', render: (n) => (n.sendEmail ? 'Yes' : 'No') },
  {
    key: 'scheduledAt',
    header: 'Scheduled for',
    sortKey: 'scheduledAt',
    render: (n) => (n.scheduledAt ? <EventDateTime value={n.scheduledAt} /> : '—'),
  },
  {
    key: 'updatedAt',
    header: 'Last updated',
    sortKey: 'updatedAt',
    render: (n) => <EventDateTime value={n.updatedAt} />,
  },
];

const isStatus = (value: string | undefined): value is NotificationStatus =>
  (NOTIFICATION_STATUSES as readonly string[]).includes(value ?? '');

/** /admin/notifications (admin only): the event's notifications, last changed first. */
export function NotificationsScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const params = useListParams<NotificationSort>('updatedAt', NOTIFICATION_SORTS, 'desc');
  const types = useTeamTypes(eventId);
  const status = isStatus(params.filters.status) ? params.filters.status : null;
  const teamTypeId = params.filters.teamTypeId ?? null;
  const notifications = useNotifications(eventId, {
    page: params.page,
    sort: params.sort,
    order: params.order,
    search: params.search,
    status,
    teamTypeId,
  });
  const toolbar = (
    <Group align="flex-end" gap="md" mb="md">
      <ListSearch value={params.search} onSearch={params.setSearch} placeholder="Notification title" />
      <Select
        label="Status"
        placeholder="Any status"
        clearable
        data={NOTIFICATION_STATUSES.map((s) => ({ value: s, label: NOTIFICATION_STATUS_LABELS[s] }))}
        value={status}
        onChange={(value) => params.setFilter('status', value)}
      />
      <Select
        label="Team type"
        placeholder="Any team type"
        clearable
        data={(types.data?.items ?? []).map((t) => ({ value: t.id, label: t.name }))}
        value={teamTypeId}
        onChange={(value) => params.setFilter('teamTypeId', value)}
      />
    </Group>
  );

  return (
    <PageHeader
      title="Notifications"
      breadcrumbs={[{ label: 'Admin', to: '/admin' }, { label: 'Notifications' }]}
      actions={
        <Button component={Link} to="/admin/notifications/add">
          Add notification
        </Button>
      }
      quickLinks={[{ label: 'Team types', to: '/admin/team-types', level: 'admin' }]}
      tips="A scheduled notification is published at its time in the event's time zone; until then it can be edited or unscheduled."
    >
      {notifications.isError ? (
        <>
          {toolbar}
          <LoadFailed
            title="The notifications could not be loaded"
            error={notifications.error}
            retry={notifications.refetch}
          />
        </>
      ) : (
        <DataTable
          label="Notifications"
          rows={notifications.data?.items ?? []}
          total={notifications.data?.total ?? 0}
          columns={columns}
          getRowId={(n) => n.id}
          params={params}
          isLoading={notifications.isPending}
          isFetching={notifications.isPlaceholderData}
          toolbar={toolbar}
          emptyState={
            <ListEmptyState
              filtered={params.hasFilters}
              onClearFilters={params.clearFilters}
              noun="notifications"
              add={{ label: 'Add notification', to: '/admin/notifications/add' }}
            />
          }
        />
      )}
    </PageHeader>
  );
}

export { NotificationsScreen as Component };
