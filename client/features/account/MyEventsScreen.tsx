import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { PERMISSION_LABELS } from '../../../shared/auth/permissions';
import type { MyEvent } from '../../../shared/auth/schema';
import { TABLE_PAGE_SIZE } from '../../../shared/ui/constants';
import { formatDateRange } from '../../lib/format';
import { useSession, useSwitchEvent } from '../../lib/session';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { useListParams } from '../../ui/useListParams';

const SORTS = ['eventName', 'startDate'] as const;
type EventSort = (typeof SORTS)[number];

/** /my-events: every event of the account, with quick access; opening one switches the portal to it. */
export function MyEventsScreen() {
  const { me, event: current } = useSession();
  const params = useListParams<EventSort>('startDate', SORTS);
  const switchEvent = useSwitchEvent();
  const feedback = useFeedback();
  const navigate = useNavigate();

  // The account's events arrive whole with the session, so this list sorts and pages locally.
  const sorted = useMemo(() => {
    const direction = params.order === 'asc' ? 1 : -1;
    return [...me.events].sort((a, b) => a[params.sort].localeCompare(b[params.sort]) * direction);
  }, [me.events, params.sort, params.order]);
  const rows = sorted.slice((params.page - 1) * TABLE_PAGE_SIZE, params.page * TABLE_PAGE_SIZE);

  function open(event: MyEvent) {
    if (event.id === current?.id) {
      navigate('/');
      return;
    }
    switchEvent.mutate(event.id, { onError: (error) => feedback.error(error) });
  }

  const columns: DataTableColumn<MyEvent, EventSort>[] = [
    {
      key: 'event',
      header: 'Event',
      sortKey: 'eventName',
      render: (event) => (
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{event.eventName}</Text>
            {event.id === current?.id && (
              <Badge variant="filled" color="portal" size="sm">
                Current event
              </Badge>
            )}
          </Group>
          {event.longName && event.longName !== event.eventName && (
            <Text size="sm" c="dimmed">
              {event.longName}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'dates',
      header: 'Dates',
      sortKey: 'startDate',
      render: (event) => formatDateRange(event.startDate, event.endDate, event),
    },
    { key: 'permissions', header: 'Permissions', render: (event) => PERMISSION_LABELS[event.permissions] },
    {
      key: 'open',
      header: 'Quick access',
      width: 120,
      render: (event) => (
        <Button
          size="xs"
          variant={event.id === current?.id ? 'default' : 'filled'}
          aria-label={`Open ${event.eventName}`}
          loading={switchEvent.isPending && switchEvent.variables === event.id}
          onClick={() => open(event)}
        >
          Open
        </Button>
      ),
    },
  ];

  return (
    <PageHeader title="My events" breadcrumbs={[{ label: 'My events' }]}>
      <Stack gap="md">
        <DataTable
          label="My events"
          rows={rows}
          total={sorted.length}
          columns={columns}
          getRowId={(event) => event.id}
          params={params}
          emptyState={
            <Text>
              You do not belong to any event yet. When an organiser adds you to one, it appears here.
            </Text>
          }
        />
      </Stack>
    </PageHeader>
  );
}

export { MyEventsScreen as Component };
