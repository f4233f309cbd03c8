import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useMyNotifications } from './api';

/**
 * The bell in the navigation bar: the unread count, refreshed by the event stream when a
 * notification reaches this member (or they read one in another tab), by a slow poll while the
 * stream is down; it opens the notifications page.
 */
export function NotificationBell({ eventId, color }: { eventId: string; color: string }) {
  const unread = useMyNotifications(eventId).data?.unreadCount ?? 0;
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={18}
      disabled={unread === 0}
      color="red.9"
      offset={4}
    >
      <ActionIcon
        component={Link}
        to="/notifications"
        variant="subtle"
        size="lg"
        aria-label={label}
        c={color}
      >
        <IconBell size={22} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
