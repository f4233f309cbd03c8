import { lazyModule } from '../../ui/chunkReload';

/** The notification screens, lazy-loaded, for the router's screen list. */
export const notificationScreens = {
  notifications: lazyModule(() => import('./NotificationsScreen')),
  addNotification: lazyModule(() => import('./NotificationFormScreen')),
  editNotification: lazyModule(() =>
    import('./NotificationFormScreen').then((m) => ({ Component: m.EditNotificationScreen })),
  ),
  myNotifications: lazyModule(() => import('./MyNotificationsScreen')),
};
