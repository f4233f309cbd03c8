import {
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCalendarPlus, IconMapPin } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { filterAgenda, groupByDay } from '../../../shared/timetable/agenda';
import type { MySession, MyTimeTable } from '../../../shared/timetable/api';
import { dayOf } from '../../../shared/timetable/zone';
import { useEventDates, useSession } from '../../lib/session';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { sessionCalendarUrl, useMyTimeTable } from './api';
import { CalendarFeedCard } from './CalendarFeedCard';
import { formatDay, formatShortDay, formatTimeRange } from './format';
import { TimeTableGrid } from './TimeTableGrid';

/** /time-table: the programme the member may see, day by day, filtered by day and track. */
export function TimeTableScreen() {
  const { event, shell } = useSession();
  const eventId = event?.id ?? '';
  const title = shell?.terminology.timeTable ?? 'Time Table';
  const timeTable = useMyTimeTable(eventId);

  return (
    <PageHeader title={title} breadcrumbs={[{ label: title }]}>
      <Stack gap="lg">
        <QueryState
          query={timeTable}
          loading="Loading the time table"
          failed="The time table could not be loaded"
        >
          {(data) => <Agenda eventId={eventId} data={data} />}
        </QueryState>
        <CalendarFeedCard eventId={eventId} />
      </Stack>
    </PageHeader>
  );
}

function Agenda({ eventId, data }: { eventId: string; data: MyTimeTable }) {
  const { locale } = useEventDates();
  const [params, setParams] = useSearchParams();
  const days = useMemo(
    () => [...new Set(data.sessions.map((s) => dayOf(s.startsAt)))].sort(),
    [data.sessions],
  );
  const day = days.find((d) => d === params.get('day')) ?? null;
  const trackParam = params.get('track');
  const trackId = trackParam === 'none' || data.tracks.some((t) => t.id === trackParam) ? trackParam : null;
  const setFilter = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const agenda = groupByDay(filterAgenda(data.sessions, { day, trackId }));
  const view = params.get('view') === 'grid' ? 'grid' : 'agenda';

  if (data.sessions.length === 0) {
    return <Text c="dimmed">There are no sessions in the time table yet.</Text>;
  }
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        <Select
          label="Day"
          placeholder="All days"
          data={days.map((d) => ({ value: d, label: formatShortDay(d, locale) }))}
          value={day}
          onChange={(v) => setFilter('day', v)}
          clearable
          w={160}
        />
        {data.tracks.length > 0 && (
          <Select
            label="Track"
            placeholder="All tracks"
            data={[
              ...data.tracks.map((t) => ({ value: t.id, label: t.name })),
              { value: 'none', label: 'No track' },
            ]}
            value={trackId}
            onChange={(v) => setFilter('track', v)}
            clearable
            w={160}
          />
        )}
        <Stack gap={4}>
          <Text component="span" size="sm" fw={500} id="time-table-view">
            View
          </Text>
          <SegmentedControl
            aria-labelledby="time-table-view"
            data={[
              { value: 'agenda', label: 'Agenda' },
              { value: 'grid', label: 'Grid' },
            ]}
            value={view}
            onChange={(v) => setFilter('view', v === 'grid' ? 'grid' : null)}
          />
        </Stack>
      </Group>
      {agenda.length === 0 && <Text c="dimmed">No sessions match these filters.</Text>}
      {view === 'grid' && <TimeTableGrid eventId={eventId} days={agenda} locale={locale} />}
      {view === 'agenda' &&
        agenda.map(({ day: d, sessions }) => (
          <Stack key={d} gap="sm" component="section" aria-labelledby={`day-${d}`}>
            <Title order={2} size="h3" id={`day-${d}`}>
              {formatDay(d, locale)}
            </Title>
            {sessions.map((s) => (
              <SessionCard key={s.id} eventId={eventId} session={s} locale={locale} />
            ))}
          </Stack>
        ))}
    </Stack>
  );
}

function SessionCard({ eventId, session, locale }: { eventId: string; session: MySession; locale: string }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="article"
      aria-labelledby={`session-${session.id}`}
      style={{ borderInlineStart: `6px solid ${session.track?.color ?? 'var(--mantine-color-gray-4)'}` }}
    >
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {formatTimeRange(session.startsAt, session.endsAt, locale)}
        </Text>
        <Title order={3} size="h5" id={`session-${session.id}`}>
          {session.title}
        </Title>
        <Group gap="xs">
          {session.location && (
            <Group gap={4} wrap="nowrap">
              <IconMapPin size={16} aria-hidden />
              <Text size="sm">{session.location}</Text>
            </Group>
          )}
          {session.track && (
            <Badge
              variant="outline"
              color="gray"
              leftSection={
                <Box w={10} h={10} style={{ borderRadius: 5, background: session.track.color }} aria-hidden />
              }
            >
              {session.track.name}
            </Badge>
          )}
        </Group>
        {session.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {session.description}
          </Text>
        )}
        <Group gap="sm">
          <Button
            component="a"
            href={sessionCalendarUrl(eventId, session.id)}
            download
            variant="default"
            size="xs"
            leftSection={<IconCalendarPlus size={16} aria-hidden />}
            aria-describedby={`session-${session.id}`}
          >
            Add to calendar
          </Button>
          {session.link && (
            <Anchor component={Link} to={session.link.path} size="sm">
              {session.link.title}
            </Anchor>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

export { TimeTableScreen as Component };
