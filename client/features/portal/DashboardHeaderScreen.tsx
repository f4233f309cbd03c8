import { Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useSession } from '../../lib/session';
import { useConfirm } from '../../ui/confirm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { FileUpload } from '../../ui/FileUpload';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';

import { useDashboardHeader, useSetDashboardHeader } from './api';

const crumbs = [{ label: 'Admin', to: '/admin' }, { label: 'Dashboard header' }];

/** /admin/dashboard-header (admin): upload or remove the image at the top of the dashboard. */
export function DashboardHeaderScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const header = useDashboardHeader(eventId);
  const setHeader = useSetDashboardHeader(eventId);
  const feedback = useFeedback();
  const confirm = useConfirm();

  const use = (fileId: string | null, message: string) =>
    setHeader.mutate(fileId, {
      onSuccess: () => feedback.success(message),
      onError: (error) => feedback.error(error),
    });
  const askRemove = () =>
    confirm({
      title: 'Remove the dashboard header',
      message: 'The dashboard will show no header image until you upload a new one.',
      confirmLabel: 'Remove',
      color: 'red',
      onConfirm: () => use(null, 'The header image has been removed'),
    });

  return (
    <PageHeader
      title="Dashboard header"
      breadcrumbs={crumbs}
      description="The image shown across the top of everyone's dashboard."
      quickLinks={[{ label: 'Card layouts', to: '/admin/card-layouts' }]}
      tips="A wide image works best, about 1920 by 480 pixels; it is scaled to the width of the screen."
    >
      {header.isError ? (
        <LoadFailed
          title="The dashboard header could not be loaded"
          error={header.error}
          retry={header.refetch}
        />
      ) : !header.data ? (
        <Loading label="Loading the dashboard header" />
      ) : (
        <Stack gap="md">
          <Paper withBorder p="md" radius="md">
            {header.data.image ? (
              <Stack gap="sm">
                <Image
                  src={header.data.image}
                  alt="The current dashboard header"
                  radius="md"
                  mah={320}
                  fit="cover"
                />
                <Group justify="flex-end">
                  <Button color="red" onClick={askRemove} loading={setHeader.isPending}>
                    Remove image
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Text c="dimmed">There is no header image yet. Upload one below.</Text>
            )}
          </Paper>
          <FileUpload
            purpose="branding"
            accept={['image/jpeg', 'image/png', 'image/webp']}
            onUploaded={(file) => use(file.id, 'The header image has been saved')}
          />
        </Stack>
      )}
    </PageHeader>
  );
}

export { DashboardHeaderScreen as Component };
