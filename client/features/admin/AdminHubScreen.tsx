import { Card, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { PageHeader } from '../../ui/PageHeader';
import { adminGroupsFor } from '../registry';

function groupId(group: string): string {
  return `admin-group-${group.toLowerCase().replace(/[^a-z]+/g, '-')}`;
}

/** /admin: link cards grouped as the spec lists them, only for screens that exist and the viewer may open. */
export function AdminHubScreen() {
  const { level } = useSession();
  const groups = adminGroupsFor(level);

  return (
    <PageHeader title="Admin" breadcrumbs={[{ label: 'Admin' }]} description="Manage your event.">
      {groups.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text>
            Your permission level does not open any admin screens. Ask an admin of your event if you need one.
          </Text>
        </Paper>
      ) : (
        <Stack gap="xl">
          {groups.map(({ group, cards }) => (
            <section key={group} aria-labelledby={groupId(group)}>
              <Title order={2} size="h4" id={groupId(group)} mb="sm">
                {group}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }}>
                {cards.map((card) => (
                  <Card key={card.id} component={Link} to={card.path} withBorder padding="lg" radius="md">
                    <Text fw={700} size="lg">
                      {card.title}
                    </Text>
                    <Text size="sm" c="dimmed" mt={4}>
                      {card.description}
                    </Text>
                  </Card>
                ))}
              </SimpleGrid>
            </section>
          ))}
        </Stack>
      )}
    </PageHeader>
  );
}

export { AdminHubScreen as Component };
