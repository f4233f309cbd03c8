import { Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from 'react-router';
import { isApiError } from '../../lib/api';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { NotFoundScreen } from '../auth/NotFoundScreen';
import { useGuestPage } from './api';
import { MaterialIcon } from './MaterialIcon';

import { ReaderPageView } from './ReaderPageView';

/**
 * /guests/content/:contentId: a public page for anyone with the link, signed out. Any other page
 * answers 404 from the server and shows the 404 screen, so its existence is not revealed.
 */
export function GuestContentScreen() {
  const { contentId = '' } = useParams();
  const page = useGuestPage(contentId);
  useDocumentTitle(page.data ? `${page.data.title} | Event Portal` : 'Event Portal');
  if (isApiError(page.error, 404) || isApiError(page.error, 400)) return <NotFoundScreen />;
  return (
    <Container size="md" py="xl" component="main">
      {page.isPending ? (
        <Loading label="Loading the page" />
      ) : page.isError ? (
        <LoadFailed title="The page could not be loaded" error={page.error} retry={page.refetch} />
      ) : (
        <Stack gap="xl">
          <Box>
            <Group gap="sm">
              <MaterialIcon icon={page.data.icon} size={32} />
              <Title order={1}>{page.data.title}</Title>
            </Group>
            {page.data.description && (
              <Text c="dimmed" mt="xs">
                {page.data.description}
              </Text>
            )}
          </Box>
          <ReaderPageView page={page.data} guest />
        </Stack>
      )}
    </Container>
  );
}

export { GuestContentScreen as Component };
