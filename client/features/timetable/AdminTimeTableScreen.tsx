import { Anchor, Badge, Box, Button, Group, Select, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SESSION_SORTS, type Session, type TrackRow } from '../../../shared/timetable/api';
import { sessionRestriction } from '../../../shared/timetable/visibility';
import { dayOf } from '../../../shared/timetable/zone';
import { useEventDates, useSession } from '../../lib/session';
import { useConfirm } from '../../ui/confirm';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { useFeedback } from '../../ui/FeedbackBanner';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { ListSearch } from '../../ui/ListSearch';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed } from '../../ui/QueryState';
import { useListParams } from '../../ui/useListParams';
import { useTeamTypes } from '../people/teamsApi';
import { type SessionSort, useDeleteSession, useDuplicateSession, useSessions, useTracks } from './api';
import { formatShortDay, formatTimeRange } from './format';

export function TrackLabel({ track }: { track: Pick<TrackRow, 'name' | 'color'> }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box w={12} h={12} style={{ borderRadius: 6, background: track.color, flexShrink: 0 }} aria-hidden />
      <Text size="sm">{track.name}</Text>
    </Group>
  );
}

/** /admin/time-table (moderator and above): the programme by day, searchable and filtered. */
export function AdminTimeTableScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const { locale } = useEventDates();
  const feedback = useFeedback();
  const confirm = useConfirm();
  const params = useListParams<SessionSort>('startsAt', SESSION_SORTS);
  const { day, trackId, teamTypeId } = params.filters;
  const sessions = useSessions(eventId, {
    page: params.page,
    sort: params.sort,
    order: params.order,
    search: params.search,
    day,
    trackId,
    teamTypeId,
  });
  const tracks = useTracks(eventId);
  const types = useTeamTypes(eventId);
  const duplicate = useDuplicateSession(eventId);
  const remove = useDeleteSession(eventId);
  const trackById = new Map((tracks.data?.items ?? []).map((t) => [t.id, t]));

  const askDelete = (s: Session) =>
    confirm({
      title: 'Delete session',
      message: `${s.title} will be deleted from the time table for good.`,
      confirmLabel: 'Delete',
      color: 'red',
      onConfirm: () =>
        remove.mutate(s.id, {
          onSuccess: () => feedback.success('The session has been deleted'),
          onError: (error) => feedback.error(error),
        }),
    });

  const columns: DataTableColumn<Session, SessionSort>[] = [
    {
      key: 'startsAt',
      header: 'When',
      sortKey: 'startsAt',
      render: (s) => (
        <Text size="sm">
          {formatShortDay(dayOf(s.startsAt), locale)}, {formatTimeRange(s.startsAt, s.endsAt, locale)}
        </Text>
      ),
    },
    {
      key: 'title',
      header: 'Title',
      sortKey: 'title',
      render: (s) => (
        <Anchor component={Link} to={`/admin/time-table/${s.id}`} fw={600}>
          {s.title}
        </Anchor>
      ),
    },
    { key: 'location', header: 'Location', sortKey: 'location', render: (s) => s.location },
    {
      key: 'track',
      header: 'Track',
      render: (s) => {
        const track = s.trackId ? trackById.get(s.trackId) : undefined;
        return track ? <TrackLabel track={track} /> : null;
      },
    },
    {
      key: 'shownTo',
      header: 'Shown to',
      render: (s) => {
        const restriction = sessionRestriction(s);
        return (
          <Group gap={4}>
            {restriction ? (
              <Badge variant="outline" title={restriction.detail}>
                {restriction.label}
              </Badge>
            ) : (
              <Text size="sm">Everyone</Text>
            )}
            {!s.showToChildTeams && <Badge variant="outline">Not stand shares</Badge>}
          </Group>
        );
      },
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (s) => (
        <Group gap={4} wrap="wrap">
          <Button
            size="xs"
            variant="default"
            aria-describedby={`title-${s.id}`}
            onClick={() =>
              duplicate.mutate(s.id, {
                onSuccess: () => feedback.success('The session has been duplicated'),
                onError: (error) => feedback.error(error),
              })
            }
          >
            Duplicate
          </Button>
          <Button size="xs" variant="default" color="red" onClick={() => askDelete(s)}>
            Delete
          </Button>
          <span id={`title-${s.id}`} hidden>
            {s.title}
          </span>
        </Group>
      ),
    },
  ];

  const toolbar = (
    <Group align="flex-end" gap="md" mb="md">
      <ListSearch
        value={params.search}
        onSearch={params.setSearch}
        placeholder="Title, location or description"
      />
      <Select
        label="Day"
        placeholder="All days"
        data={(sessions.data?.days ?? []).map((d) => ({ value: d, label: formatShortDay(d, locale) }))}
        value={day ?? null}
        onChange={(v) => params.setFilter('day', v)}
        clearable
        w={170}
      />
      <Select
        label="Track"
        placeholder="All tracks"
        data={[
          ...(tracks.data?.items ?? []).map((t) => ({ value: t.id, label: t.name })),
          { value: 'none', label: 'No track' },
        ]}
        value={trackId ?? null}
        onChange={(v) => params.setFilter('trackId', v)}
        clearable
        w={170}
      />
      <Select
        label="Seen by team type"
        placeholder="All team types"
        data={(types.data?.items ?? []).map((t) => ({ value: t.id, label: t.name }))}
        value={teamTypeId ?? null}
        onChange={(v) => params.setFilter('teamTypeId', v)}
        clearable
        w={190}
      />
    </Group>
  );

  return (
    <PageHeader
      title="Time Table"
      breadcrumbs={[{ label: 'Admin', to: '/admin' }, { label: 'Time Table' }]}
      actions={
        <Group gap="sm">
          <Button variant="default" component={Link} to="/admin/time-table/tracks">
            Tracks
          </Button>
          <Button variant="default" component={Link} to="/admin/time-table/import">
            Import sessions
          </Button>
          <Button component={Link} to="/admin/time-table/add">
            Add session
          </Button>
        </Group>
      }
      quickLinks={[{ label: 'Core pages', to: '/admin/core-pages', level: 'admin' }]}
      tips="Times are in the event's time zone. Teams see the time table once its core page is published; a session restricted to team types shows only to teams of those types."
    >
      {sessions.isError ? (
        <>
          {toolbar}
          <LoadFailed
            title="The sessions could not be loaded"
            error={sessions.error}
            retry={sessions.refetch}
          />
        </>
      ) : (
        <DataTable
          label="Sessions"
          rows={sessions.data?.items ?? []}
          total={sessions.data?.total ?? 0}
          columns={columns}
          getRowId={(s) => s.id}
          params={params}
          isLoading={sessions.isPending}
          isFetching={sessions.isPlaceholderData}
          toolbar={toolbar}
          emptyState={
            <ListEmptyState
              filtered={params.hasFilters}
              onClearFilters={params.clearFilters}
              noun="sessions"
              add={{ label: 'Add session', to: '/admin/time-table/add' }}
            />
          }
        />
      )}
    </PageHeader>
  );
}

export { AdminTimeTableScreen as Component };
