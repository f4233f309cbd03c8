import { Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { FeedCreated } from '../../../shared/timetable/api';
import { formatDateTime } from '../../lib/format';
import { useEventDates } from '../../lib/session';
import { useConfirm } from '../../ui/confirm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { LoadFailed } from '../../ui/QueryState';
import { useCreateFeed, useDeleteFeed, useFeedStatus } from './api';

/**
 * The member's private calendar feed. Only the token's hash is stored, so the address can be shown
 * only when it is made; copying again makes a new one and the old address stops working.
 */
export function CalendarFeedCard({ eventId }: { eventId: string }) {
  const dates = useEventDates();
  const status = useFeedStatus(eventId);
  const create = useCreateFeed(eventId);
  const remove = useDeleteFeed(eventId);
  const feedback = useFeedback();
  const confirm = useConfirm();
  const [made, setMade] = useState<FeedCreated | null>(null);

  const makeAddress = () =>
    create.mutate(undefined, {
      onSuccess: async (created) => {
        setMade(created);
        try {
          await navigator.clipboard.writeText(created.address);
          feedback.success('The calendar feed address has been copied');
        } catch {
          // No clipboard (an insecure origin, or permission refused): the address is on screen to copy.
          feedback.success('Your calendar feed address is ready to copy');
        }
      },
      onError: (error) => feedback.error(error),
    });
  const askNew = () =>
    confirm({
      title: 'Copy a new calendar feed address',
      message:
        'Calendars subscribed to your current address will stop updating. Subscribe them again with the new one.',
      confirmLabel: 'Make a new address',
      onConfirm: makeAddress,
    });
  const askOff = () =>
    confirm({
      title: 'Turn off calendar feed',
      message: 'Calendars subscribed to your address will stop updating.',
      confirmLabel: 'Turn off',
      color: 'red',
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            setMade(null);
            feedback.success('Your calendar feed has been turned off');
          },
          onError: (error) => feedback.error(error),
        }),
    });

  const active = status.data?.active ?? false;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Calendar feed
        </Title>
        <Text size="sm">
          Subscribe to your own calendar address in Google Calendar, Outlook or Apple Calendar: it shows the
          sessions you can see here and your team's task due dates, and keeps them up to date. Keep it
          private: anyone with the address can read it.
        </Text>
        {status.isError && (
          <LoadFailed
            title="The calendar feed could not be loaded"
            error={status.error}
            retry={status.refetch}
          />
        )}
        {made && (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput label="Your calendar feed address" value={made.address} readOnly style={{ flex: 1 }} />
            <CopyButton value={made.address}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
        )}
        {active && !made && status.data?.createdAt && (
          <Text size="sm" c="dimmed">
            Your calendar feed is on (address made {formatDateTime(status.data.createdAt, dates)}).
          </Text>
        )}
        <Group gap="sm">
          <Button
            onClick={active ? askNew : makeAddress}
            loading={create.isPending}
            disabled={status.isPending}
          >
            {active ? 'Copy a new calendar feed address' : 'Copy calendar feed address'}
          </Button>
          {active && (
            <Button variant="default" onClick={askOff} loading={remove.isPending}>
              Turn off calendar feed
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
