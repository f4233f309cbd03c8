import {
  type Icon,
  IconBell,
  IconCalendarEvent,
  IconChecklist,
  IconDownload,
  IconFile,
  IconFileText,
  IconForms,
  IconHelp,
  IconInfoCircle,
  IconLayoutDashboard,
  IconLink,
  IconMap,
  IconStar,
  IconTruckDelivery,
  IconUsers,
} from '@tabler/icons-react';
import type { PortalIcon } from '../../../shared/portal/corePages';

/** The drawn icon of each portal icon name (core pages, cards). */
export const PORTAL_ICON_COMPONENTS: Record<PortalIcon, Icon> = {
  dashboard: IconLayoutDashboard,
  download: IconDownload,
  forms: IconForms,
  suppliers: IconTruckDelivery,
  tasks: IconChecklist,
  calendar: IconCalendarEvent,
  bell: IconBell,
  info: IconInfoCircle,
  star: IconStar,
  map: IconMap,
  users: IconUsers,
  file: IconFile,
  link: IconLink,
  help: IconHelp,
};

export const PORTAL_ICON_LABELS: Record<PortalIcon, string> = {
  dashboard: 'Dashboard',
  download: 'Download',
  forms: 'Forms',
  suppliers: 'Suppliers (truck)',
  tasks: 'Checklist',
  calendar: 'Calendar',
  bell: 'Bell',
  info: 'Information',
  star: 'Star',
  map: 'Map',
  users: 'People',
  file: 'File',
  link: 'Link',
  help: 'Help',
};

/** A portal icon, or the page icon for content pages (their own icons draw inside the page). */
export function PortalIconView({ icon, size = 18 }: { icon: PortalIcon | null; size?: number }) {
  const Component = icon ? PORTAL_ICON_COMPONENTS[icon] : IconFileText;
  return <Component size={size} aria-hidden />;
}
