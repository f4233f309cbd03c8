import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { useReadableContent } from './api';
import { MaterialIcon } from './MaterialIcon';

/** /content: the pages this member may see, by title. */
export function ContentReaderListScreen() {
  const { event } = useSession();
  const pages = useReadableContent(event?.id ?? '');
  return (
    <PageHeader title="Content" breadcrumbs={[{ label: 'Content' }]}>
      {pages.isPending ? (
        <Loading label="Loading the pages" />
      ) : pages.isError ? (
        <LoadFailed title="The pages could not be loaded" error={pages.error} retry={pages.refetch} />
      ) : pages.data.items.length === 0 ? (
        <Paper withBorder p="xl" ta="center" radius="md">
          <Text>There are no pages for you yet.</Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {pages.data.items.map((page) => (
            <Paper key={page.id} withBorder p="md" radius="md">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <MaterialIcon icon={page.icon} />
                <Stack gap={4}>
                  <Anchor component={Link} to={`/content/${page.id}`} fw={600}>
                    {page.title}
                  </Anchor>
                  {page.description && (
                    <Text size="sm" c="dimmed">
                      {page.description}
                    </Text>
                  )}
                </Stack>
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </PageHeader>
  );
}

export { ContentReaderListScreen as Component };
