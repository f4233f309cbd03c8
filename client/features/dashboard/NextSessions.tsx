import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { upcomingSessions } from '../../../shared/timetable/agenda';
import { dayOf, localDateTimeAt } from '../../../shared/timetable/zone';
import { useEventDates, useSession } from '../../lib/session';
import { LoadFailed } from '../../ui/QueryState';
import { useMyTimeTable } from '../timetable/api';
import { formatShortDay, formatTimeRange } from '../timetable/format';

/** How many sessions the dashboard lists; the time table has the rest. */
export const NEXT_SESSIONS = 3;

/**
 * The dashboard's "next sessions" (issue 18): the team's next few sessions from the time table,
 * shown only once the Time Table page is published (organisers see sessions before that, but the
 * dashboard speaks for what the team sees). Nothing at all when none are ahead. "Now" is the event's
 * wall-clock time, as the sessions' times are.
 */
export function NextSessions({ eventId }: { eventId: string }) {
  const { shell } = useSession();
  const { locale } = useEventDates();
  const timeTable = useMyTimeTable(eventId);
  const title = shell?.terminology.timeTable ?? 'Time Table';
  if (timeTable.isError) {
    return (
      <LoadFailed
        title="The next sessions could not be loaded"
        error={timeTable.error}
        retry={timeTable.refetch}
      />
    );
  }
  const data = timeTable.data;
  if (!data?.isPublished) return null;
  const next = upcomingSessions(data.sessions, localDateTimeAt(new Date(), data.timeZone), NEXT_SESSIONS);
  if (next.length === 0) return null;
  return (
    <section aria-labelledby="next-sessions">
      <Group justify="space-between" align="baseline" mb="md">
        <Title order={2} size="h3" id="next-sessions">
          Next sessions
        </Title>
        <Anchor component={Link} to="/time-table">
          Open {title}
        </Anchor>
      </Group>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {next.map((session) => (
          <Paper key={session.id} withBorder radius="md" p="md" component="li">
            <Group justify="space-between" align="flex-start" gap="xs">
              <Stack gap={2}>
                <Text fw={600}>{session.title}</Text>
                <Text size="sm">
                  {formatShortDay(dayOf(session.startsAt), locale)},{' '}
                  {formatTimeRange(session.startsAt, session.endsAt, locale)}
                </Text>
                {session.location && (
                  <Group gap={4} wrap="nowrap">
                    <IconMapPin size={14} aria-hidden />
                    <Text size="sm" c="dimmed">
                      {session.location}
                    </Text>
                  </Group>
                )}
              </Stack>
              {session.track && (
                <Badge
                  variant="light"
                  color="gray"
                  c="dark.9"
                  leftSection={<TrackDot color={session.track.color} />}
                >
                  {session.track.name}
                </Badge>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
    </section>
  );
}

function TrackDot({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      style={{ display: 'inline-block', width: 8, height: 8, borderRadius: 4, background: color }}
    />
  );
}
