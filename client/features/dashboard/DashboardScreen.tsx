import { Badge, Card, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type Icon, IconCalendarEvent, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AREA_LEVELS, can } from '../../../shared/auth/permissions';
import { formatDateRange, todayIn } from '../../lib/format';
import { useSession } from '../../lib/session';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { countdown } from './countdown';
import { NextSessions } from './NextSessions';
import { CardGrid, DashboardHeaderImage, FeaturedList, usePortalDashboard } from './PortalCards';

interface QuickAccess {
  title: string;
  description: string;
  to: string;
  icon: Icon;
}

const QUICK_ACCESS: QuickAccess[] = [
  {
    title: 'My account',
    description: 'Update your name, change your email address or reset your password.',
    to: '/my-account',
    icon: IconUserCircle,
  },
  {
    title: 'My events',
    description: 'See every event you belong to and switch between them.',
    to: '/my-events',
    icon: IconCalendarEvent,
  },
];

const ADMIN_ACCESS: QuickAccess = {
  title: 'Admin',
  description: 'Open the admin hub to manage this event.',
  to: '/admin',
  icon: IconSettings,
};

/**
 * `/`: the dashboard header image, a welcome with the event at a glance (and its countdown), the
 * cards of the layout for the user's team type (the default otherwise), the featured pages, and
 * quick access to the account screens.
 */
export function DashboardScreen() {
  const { me, event, shell, level } = useSession();
  const cards = can(level, AREA_LEVELS.adminHub) ? [...QUICK_ACCESS, ADMIN_ACCESS] : QUICK_ACCESS;
  const details = shell?.event ?? event;
  const portal = usePortalDashboard(event?.id ?? '');

  return (
    <>
      <DashboardHeaderImage src={portal.data?.headerImage ?? null} pending={!!event && portal.isPending} />
      <PageHeader title={`Welcome, ${me.account.firstName}`}>
        <Stack gap="xl">
          {details ? (
            <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="event-name">
              <Group justify="space-between" align="flex-start" gap="md">
                <Stack gap={4}>
                  <Text size="sm" c="dimmed" fw={600} tt="uppercase">
                    Your event
                  </Text>
                  <Title order={2} id="event-name">
                    {shell?.event.longName || details.eventName}
                  </Title>
                  <Text>{formatDateRange(details.startDate, details.endDate, details)}</Text>
                  <Text size="sm" c="dimmed">
                    Time zone: {details.timeZone}
                  </Text>
                </Stack>
                <Badge size="lg" variant="filled" color="portal" tt="none">
                  {countdown(details.startDate, details.endDate, todayIn(details.timeZone))}
                </Badge>
              </Group>
            </Paper>
          ) : (
            <Paper withBorder p="lg" radius="md">
              <Text>
                You are not a member of any event yet. When an organiser adds you to one, it appears here.
              </Text>
            </Paper>
          )}
          {event && portal.isPending && <Loading label="Loading your dashboard" />}
          {portal.isError && (
            <LoadFailed
              title="Your dashboard could not be loaded"
              error={portal.error}
              retry={portal.refetch}
            />
          )}
          {portal.data && <CardGrid cards={portal.data.cards} />}
          {portal.data && <FeaturedList pages={portal.data.featured} />}
          {event && <NextSessions eventId={event.id} />}
          <section aria-labelledby="quick-access">
            <Title order={2} size="h3" id="quick-access" mb="md">
              Quick access
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {cards.map((card) => (
                <Card key={card.to} component={Link} to={card.to} withBorder padding="lg" radius="md">
                  <Group gap="md" wrap="nowrap" align="flex-start">
                    <ThemeIcon size={44} radius="md" variant="filled" color="portal" aria-hidden>
                      <card.icon size={24} />
                    </ThemeIcon>
                    <Stack gap={4}>
                      <Text fw={700} size="lg">
                        {card.title}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {card.description}
                      </Text>
                    </Stack>
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
          </section>
        </Stack>
      </PageHeader>
    </>
  );
}

export { DashboardScreen as Component };
