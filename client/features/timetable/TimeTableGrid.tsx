import { Anchor, Box, Stack, Text, Title } from '@mantine/core';
import { type CSSProperties, Fragment } from 'react';
import type { AgendaDay } from '../../../shared/timetable/agenda';
import type { MySession } from '../../../shared/timetable/api';
import { dayGrid, GRID_SLOT_MINUTES, NO_LOCATION } from '../../../shared/timetable/grid';
import { sessionCalendarUrl } from './api';
import { formatDay, formatTimeRange } from './format';

/** Height of one 15-minute row: an hour is 64 px, enough for a title and its times. */
const SLOT_PX = 16;
const TIME_COLUMN_PX = 56;
const LANE_MIN_PX = 150;

const hourLabel = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * The grid view of /time-table: a grid per day, locations as columns and time down the side. Each
 * grid scrolls inside its own box (on a phone the page itself never gets wider than the screen);
 * the box can take focus so the keyboard scrolls it, and each session is an article with its
 * "Add to calendar" link, reached with Tab in time order.
 */
export function TimeTableGrid(props: { eventId: string; days: AgendaDay<MySession>[]; locale: string }) {
  return (
    <Stack gap="lg">
      {props.days.map(({ day, sessions }) => (
        <DayGridView key={day} eventId={props.eventId} day={day} sessions={sessions} locale={props.locale} />
      ))}
    </Stack>
  );
}

function DayGridView(props: { eventId: string; day: string; sessions: MySession[]; locale: string }) {
  const grid = dayGrid(props.day, props.sessions);
  const headingId = `grid-day-${props.day}`;
  const hours: number[] = [];
  for (let m = grid.startMinute; m < grid.endMinute; m += 60) hours.push(m);
  const rowsPerHour = 60 / GRID_SLOT_MINUTES;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {formatDay(props.day, props.locale)}
      </Title>
      <Box
        // A scrolling region is focusable, so it can be scrolled from the keyboard (axe rule).
        tabIndex={0}
        role="region"
        aria-label={`${formatDay(props.day, props.locale)}: sessions by location and time`}
        style={{
          overflow: 'auto',
          maxHeight: '70vh',
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 'var(--mantine-radius-md)',
        }}
      >
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: `${TIME_COLUMN_PX}px repeat(${grid.columns}, minmax(${LANE_MIN_PX}px, 1fr))`,
            gridTemplateRows: `auto repeat(${grid.slots}, ${SLOT_PX}px)`,
            minWidth: 'max-content',
            position: 'relative',
          }}
        >
          <div style={{ ...sticky(true, true), gridColumn: 1, gridRow: 1 }} />
          {grid.locations.map((location) => (
            <Text
              key={location.name}
              fw={600}
              size="sm"
              p={6}
              style={{
                ...sticky(true, false),
                gridColumn: `${location.column + 2} / span ${location.lanes}`,
                gridRow: 1,
                borderBottom: '1px solid var(--mantine-color-gray-3)',
              }}
            >
              {location.name === NO_LOCATION ? 'No location' : location.name}
            </Text>
          ))}
          {hours.map((minute, i) => (
            <Fragment key={minute}>
              <Text
                size="xs"
                c="dimmed"
                px={6}
                style={{
                  ...sticky(false, true),
                  gridColumn: 1,
                  gridRow: `${i * rowsPerHour + 2} / span ${rowsPerHour}`,
                }}
              >
                {hourLabel(minute)}
              </Text>
              <div
                aria-hidden
                style={{
                  gridColumn: `2 / span ${grid.columns}`,
                  gridRow: `${i * rowsPerHour + 2} / span ${rowsPerHour}`,
                  borderTop: '1px solid var(--mantine-color-gray-2)',
                }}
              />
            </Fragment>
          ))}
          {grid.placements.map(({ session, rowStart, rowEnd, column }) => (
            <GridSession
              key={session.id}
              eventId={props.eventId}
              session={session}
              locale={props.locale}
              area={{ gridColumn: column + 2, gridRow: `${rowStart + 2} / ${rowEnd + 2}` }}
            />
          ))}
        </div>
      </Box>
    </Stack>
  );
}

/** Header row and time column stay in view while the grid scrolls under them. */
function sticky(top: boolean, left: boolean): CSSProperties {
  return {
    position: 'sticky',
    ...(top ? { top: 0 } : {}),
    ...(left ? { left: 0 } : {}),
    zIndex: top && left ? 3 : 2,
    background: 'var(--mantine-color-body)',
  };
}

function GridSession(props: {
  eventId: string;
  session: MySession;
  locale: string;
  area: { gridColumn: number; gridRow: string };
}) {
  const { session } = props;
  const titleId = `grid-session-${session.id}`;
  return (
    <Box
      component="article"
      aria-labelledby={titleId}
      m={2}
      p={4}
      style={{
        ...props.area,
        zIndex: 1,
        overflow: 'hidden',
        borderRadius: 'var(--mantine-radius-sm)',
        background: 'var(--mantine-color-gray-0)',
        border: '1px solid var(--mantine-color-gray-4)',
        borderInlineStart: `5px solid ${session.track?.color ?? 'var(--mantine-color-gray-5)'}`,
      }}
    >
      <Text size="xs" fw={600} lh={1.2} id={titleId}>
        {session.title}
      </Text>
      <Text size="xs" lh={1.2}>
        {formatTimeRange(session.startsAt, session.endsAt, props.locale)}
      </Text>
      <Anchor
        href={sessionCalendarUrl(props.eventId, session.id)}
        download
        size="xs"
        aria-describedby={titleId}
      >
        Add to calendar
      </Anchor>
    </Box>
  );
}
