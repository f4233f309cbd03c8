import { Card, Group, Image, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { Link } from 'react-router';
import { pathIsOpen } from '../../../shared/people/memberAreas';
import type { DashboardResponse } from '../../../shared/portal/api';
import type { CorePageId } from '../../../shared/portal/corePages';
import { useOpenAreas } from '../../lib/session';
import { useDashboard } from '../portal/api';
import { PORTAL_ICON_COMPONENTS } from '../portal/icons';
import { CORE_PAGE_SCREENS } from '../registry';

type Cards = DashboardResponse['cards'];
type Featured = DashboardResponse['featured'];

/** The dashboard's portal parts: header image, the team's card layout and the featured pages. */
export function usePortalDashboard(eventId: string) {
  return useDashboard(eventId);
}

/** While the dashboard loads, the header image's place is kept so the page does not jump (CLS). */
export function DashboardHeaderImage({ src, pending = false }: { src: string | null; pending?: boolean }) {
  if (pending) return <Skeleton h={220} radius="md" mb="lg" />;
  if (!src) return null;
  // Decorative: the page's heading says where the user is.
  return <Image src={src} alt="" radius="md" h={220} fit="cover" mb="lg" />;
}

/** Cards to core pages whose screen does not exist yet are left out, as the sidebar does. */
export function CardGrid({ cards: all }: { cards: Cards }) {
  const areas = useOpenAreas();
  // A card into an area closed to this team member is left out, as the sidebar does (decision 0034).
  const cards = all.filter(
    (c) => (c.type === 'content' || CORE_PAGE_SCREENS[c.pathId as CorePageId]) && pathIsOpen(c.path, areas),
  );
  if (cards.length === 0) return null;
  const big = cards.filter((c) => !c.isMini);
  const mini = cards.filter((c) => c.isMini);
  return (
    <section aria-labelledby="dashboard-cards">
      <Title order={2} size="h3" id="dashboard-cards" mb="md">
        Get started
      </Title>
      <Stack gap="md">
        {big.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {big.map((card) => {
              const Icon = PORTAL_ICON_COMPONENTS[card.icon];
              return (
                <Card key={card.id} component={Link} to={card.path} withBorder padding="lg" radius="md">
                  <Group gap="md" wrap="nowrap" align="flex-start">
                    <ThemeIcon size={44} radius="md" variant="filled" color="portal" aria-hidden>
                      <Icon size={24} />
                    </ThemeIcon>
                    <Stack gap={4}>
                      <Text fw={700} size="lg">
                        {card.title}
                      </Text>
                      {card.description && (
                        <Text size="sm" c="dimmed">
                          {card.description}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </Card>
              );
            })}
          </SimpleGrid>
        )}
        {mini.length > 0 && (
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
            {mini.map((card) => {
              const Icon = PORTAL_ICON_COMPONENTS[card.icon];
              return (
                <Card key={card.id} component={Link} to={card.path} withBorder padding="sm" radius="md">
                  <Group gap="xs" wrap="nowrap">
                    <Icon size={20} aria-hidden />
                    <Text fw={600} size="sm">
                      {card.title}
                    </Text>
                  </Group>
                </Card>
              );
            })}
          </SimpleGrid>
        )}
      </Stack>
    </section>
  );
}

export function FeaturedList({ pages: all }: { pages: Featured }) {
  const areas = useOpenAreas();
  const pages = all.filter((page) => pathIsOpen(page.path, areas));
  if (pages.length === 0) return null;
  return (
    <section aria-labelledby="featured-pages">
      <Title order={2} size="h3" id="featured-pages" mb="md">
        Featured
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {pages.map((page) => (
          <Card key={page.id} component={Link} to={page.path} withBorder padding="md" radius="md">
            {page.image && (
              <Card.Section mb="sm">
                {/* The title beside it names the card; the image only illustrates it. */}
                <Image src={page.image} alt="" h={140} fit="cover" />
              </Card.Section>
            )}
            <Stack gap={6}>
              <Group gap="xs" wrap="nowrap">
                <IconFileText size={20} aria-hidden />
                <Text fw={700}>{page.title}</Text>
              </Group>
              {page.description && (
                <Text size="sm" c="dimmed" lineClamp={3}>
                  {page.description}
                </Text>
              )}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
