import {
  type Icon,
  IconBell,
  IconBuildingStore,
  IconCalendarEvent,
  IconChecklist,
  IconDownload,
  IconForms,
  IconLayoutDashboard,
} from '@tabler/icons-react';
import { AREA_LEVELS, can, type Permission } from '../../shared/auth/permissions';
import { CORE_PAGES, type CorePageId } from '../../shared/events/corePageList';

/**
 * Which screens exist. The sidebar and the admin hub link only to what is listed here, so there
 * are never dead links: an area adds its entry in the same change that adds its route.
 */
export const CORE_PAGE_SCREENS: Partial<Record<CorePageId, Icon>> = {
  dashboard: IconLayoutDashboard,
  downloads: IconDownload,
  forms: IconForms,
  notifications: IconBell,
  suppliers: IconBuildingStore,
  tasks: IconChecklist,
  timeTable: IconCalendarEvent,
};

/** Core pages with a screen, in the spec's order, published by default (spec: all but the time table). */
export function availableCorePages() {
  return CORE_PAGES.filter((page) => page.isPublished && CORE_PAGE_SCREENS[page.id] !== undefined);
}

/** The admin hub's groups, in the spec's order. */
export const ADMIN_GROUPS = [
  'Reporting',
  'General settings',
  'Dashboard',
  'Assets & Downloads',
  'Tasks',
  'Content',
  'Forms',
  'Emails',
  'Notifications',
  'Teams/Users/Custom Fields',
  'Suppliers',
] as const;
export type AdminGroup = (typeof ADMIN_GROUPS)[number];

export interface AdminCard {
  id: string;
  group: AdminGroup;
  title: string;
  description: string;
  path: string;
  /** Lowest level that may open the screen; the route enforces the same level. */
  level: Permission;
}

const settingsCard = (id: string, title: string, description: string): AdminCard => ({
  id,
  group: 'General settings',
  title,
  description,
  path: `/admin/${id}`,
  level: AREA_LEVELS.settings,
});

export const ADMIN_CARDS: readonly AdminCard[] = [
  {
    id: 'reports',
    group: 'Reporting',
    title: 'Reports',
    description: 'Teams at risk, task completion across teams and login activity, with exports.',
    path: '/admin/reports',
    level: AREA_LEVELS.reports,
  },
  settingsCard('event', 'Event', 'Dates, names, organiser, time zone and locale of the event.'),
  settingsCard(
    'variables',
    'Variables',
    'Team member limit, due soon days, currency and custom terminology.',
  ),
  settingsCard(
    'api-tokens',
    'API tokens',
    'Tokens that let another system, such as a CRM, use this event’s API.',
  ),
  settingsCard('audit', 'Audit trail', 'Who changed what, when and from where, with filters and retention.'),
  settingsCard('branding', 'Branding', 'The navigation colour and the event logos.'),
  settingsCard('emails', 'Emails', 'Support and sender addresses, and task reminders.'),
  settingsCard('onboarding', 'Onboarding', 'The welcome screen everyone sees when they first sign in.'),
  settingsCard('sidebar', 'Sidebar', 'Arrange the sections and pages of the sidebar everyone sees.'),
  settingsCard(
    'featured-pages',
    'Featured pages',
    'Choose 0, 4 or 8 content pages to feature on the dashboard.',
  ),
  settingsCard('core-pages', 'Core pages', 'Titles, icons and publishing of the built-in pages.'),
  {
    id: 'email-templates',
    group: 'Emails',
    title: 'Email templates',
    description: 'The wording of every email the portal sends, with a preview and a test send.',
    path: '/admin/email-templates',
    level: 'admin',
  },
  {
    id: 'dashboard-header',
    group: 'Dashboard',
    title: 'Dashboard header',
    description: 'Upload or remove the image at the top of the dashboard.',
    path: '/admin/dashboard-header',
    level: AREA_LEVELS.settings,
  },
  {
    id: 'card-layouts',
    group: 'Dashboard',
    title: 'Card layouts',
    description: 'The six cards of the dashboard, per team type.',
    path: '/admin/card-layouts',
    level: AREA_LEVELS.settings,
  },
  {
    id: 'assets',
    group: 'Assets & Downloads',
    title: 'Assets',
    description: 'Images and documents for pages and cards, newest first.',
    path: '/admin/assets',
    level: 'moderator',
  },
  {
    id: 'downloads',
    group: 'Assets & Downloads',
    title: 'Downloads',
    description: 'Files teams can download, shown to or hidden from team types.',
    path: '/admin/downloads',
    level: 'moderator',
  },
  {
    id: 'content',
    group: 'Content',
    title: 'Content',
    description: 'Pages of information for teams (and guests), built from sections.',
    path: '/admin/content',
    level: 'moderator',
  },
  {
    id: 'time-table',
    group: 'Content',
    title: 'Time Table',
    description: 'The programme of the event by day: sessions, their tracks and who sees them.',
    path: '/admin/time-table',
    level: 'moderator',
  },
  {
    id: 'forms',
    group: 'Forms',
    title: 'Forms',
    description: 'Forms teams fill in (and public guest forms), with their questions and confirmations.',
    path: '/admin/forms',
    level: 'moderator',
  },
  {
    id: 'field-groups',
    group: 'Forms',
    title: 'Field groups',
    description: 'Reusable blocks of fields that forms embed, once or repeated.',
    path: '/admin/field-groups',
    level: 'admin',
  },
  {
    id: 'tasks',
    group: 'Tasks',
    title: 'Tasks',
    description: 'What teams must do before the event, with due dates, types and approvals.',
    path: '/admin/tasks',
    level: AREA_LEVELS.tasks,
  },
  {
    id: 'task-groups',
    group: 'Tasks',
    title: 'Task groups',
    description: "Group tasks into sections of the teams' task list.",
    path: '/admin/task-groups',
    level: AREA_LEVELS.tasks,
  },
  {
    id: 'suppliers',
    group: 'Suppliers',
    title: 'Suppliers',
    description: 'The suppliers teams can contact, with logos, contacts and who sees them.',
    path: '/admin/suppliers',
    level: AREA_LEVELS.suppliers,
  },
  {
    id: 'supplier-groups',
    group: 'Suppliers',
    title: 'Supplier types',
    description: 'Group suppliers into the types of the directory, such as stand builders or catering.',
    path: '/admin/supplier-groups',
    level: AREA_LEVELS.suppliers,
  },
  {
    id: 'notifications',
    group: 'Notifications',
    title: 'Notifications',
    description:
      'News for teams, now or at a set time, to everyone, some team types or one team, by email too.',
    path: '/admin/notifications',
    level: 'admin',
  },
  {
    id: 'users',
    group: 'Teams/Users/Custom Fields',
    title: 'Users',
    description: 'Everyone in this event, their permissions and whether they have signed in.',
    path: '/admin/users',
    level: AREA_LEVELS.users,
  },
  {
    id: 'teams',
    group: 'Teams/Users/Custom Fields',
    title: 'Teams',
    description: 'The exhibiting teams, their owners, members and stand shares.',
    path: '/admin/teams',
    level: AREA_LEVELS.teams,
  },
  {
    id: 'team-import',
    group: 'Teams/Users/Custom Fields',
    title: 'Import teams',
    description: 'Create many teams and their owners at once from a CSV or XLSX file.',
    path: '/admin/teams/import',
    level: AREA_LEVELS.teamImport,
  },
  {
    id: 'team-types',
    group: 'Teams/Users/Custom Fields',
    title: 'Team types',
    description: 'Group teams by type, to show content and tasks to some types only.',
    path: '/admin/team-types',
    level: 'admin',
  },
  {
    id: 'custom-fields',
    group: 'Teams/Users/Custom Fields',
    title: 'Custom fields',
    description: 'Extra details every team fills in, as text or Yes/No.',
    path: '/admin/custom-fields',
    level: 'admin',
  },
];

/** The hub's groups as a viewer sees them: only cards their level allows, only non-empty groups. */
export function adminGroupsFor(level: Permission | null | undefined) {
  return ADMIN_GROUPS.map((group) => ({
    group,
    cards: ADMIN_CARDS.filter((card) => card.group === group && can(level, card.level)),
  })).filter((entry) => entry.cards.length > 0);
}
