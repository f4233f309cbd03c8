import { Badge, Button, Group, Paper, Stack, Text, Title, Typography, UnstyledButton } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { MyNotification } from '../../../shared/notifications/api';
import { formatDateTime } from '../../lib/format';
import { useEventDates, useSession } from '../../lib/session';
import { useFeedback } from '../../ui/FeedbackBanner';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { useMarkRead, useMyNotifications } from './api';

const isExternal = (href: string) => /^https?:/i.test(href);

function NotificationCard({ item, onOpen }: { item: MyNotification; onOpen: () => void }) {
  const dates = useEventDates();
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-label={item.title}
      style={item.isRead ? undefined : { borderLeft: '4px solid var(--mantine-primary-color-filled)' }}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <UnstyledButton onClick={onOpen}>
            <Title order={2} size="h4" fw={item.isRead ? 500 : 700} td="underline">
              {item.title}
            </Title>
          </UnstyledButton>
          {!item.isRead && (
            <Badge variant="outline" aria-label="Unread">
              New
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {formatDateTime(item.sentAt, dates)}
        </Text>
        {item.description && (
          <Typography>
            {/* Sanitised by the server (DOMPurify) when the notification was saved. */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised HTML */}
            <div dangerouslySetInnerHTML={{ __html: item.description }} />
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * /notifications (the Notifications menu page, renamable by terminology): what the user may see,
 * newest first, unread marked. Opening one marks it read and follows its target.
 */
export function MyNotificationsScreen() {
  const { event, shell } = useSession();
  const eventId = event?.id ?? '';
  const title = shell?.terminology.notifications ?? 'Notifications';
  const notifications = useMyNotifications(eventId);
  const markRead = useMarkRead(eventId);
  const navigate = useNavigate();
  const feedback = useFeedback();

  const open = (item: MyNotification) => {
    if (!item.isRead) markRead.mutate(item.id, { onError: (error) => feedback.error(error) });
    if (!item.href) return;
    if (isExternal(item.href)) window.open(item.href, '_blank', 'noopener');
    else void navigate(item.href);
  };
  const unread = notifications.data?.unreadCount ?? 0;

  return (
    <PageHeader
      title={title}
      breadcrumbs={[{ label: title }]}
      actions={
        <Button
          variant="default"
          disabled={unread === 0}
          loading={markRead.isPending}
          onClick={() => markRead.mutate(null, { onError: (error) => feedback.error(error) })}
        >
          Mark all read
        </Button>
      }
    >
      {notifications.isError ? (
        <LoadFailed
          title="The notifications could not be loaded"
          error={notifications.error}
          retry={notifications.refetch}
        />
      ) : !notifications.data ? (
        <Loading label="Loading the notifications" />
      ) : notifications.data.items.length === 0 ? (
        <ListEmptyState filtered={false} onClearFilters={() => {}} noun="notifications" />
      ) : (
        <Stack gap="md" maw={860}>
          <Text size="sm">{unread === 0 ? 'All read' : `${unread} unread`}</Text>
          {notifications.data.items.map((item) => (
            <NotificationCard key={item.id} item={item} onOpen={() => open(item)} />
          ))}
        </Stack>
      )}
    </PageHeader>
  );
}

export { MyNotificationsScreen as Component };
