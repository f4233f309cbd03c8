import { type Icon, IconChecklist, IconLayoutDashboard } from '@tabler/icons-react';
import { AREA_LEVELS, can, type Permission } from '../../shared/auth/permissions';
import { CORE_PAGES, type CorePageId } from '../../shared/events/schema';

/**
 * Which screens exist. The sidebar and the admin hub link only to what is listed here, so there
 * are never dead links: an area adds its entry in the same change that adds its route.
 */
export const CORE_PAGE_SCREENS: Partial<Record<CorePageId, Icon>> = {
  dashboard: IconLayoutDashboard,
  tasks: IconChecklist,
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
  settingsCard('event', 'Event', 'Dates, names, organiser, time zone and locale of the event.'),
  settingsCard(
    'variables',
    'Variables',
    'Team member limit, due soon days, currency and custom terminology.',
  ),
  settingsCard('branding', 'Branding', 'The navigation colour and the event logos.'),
  settingsCard('emails', 'Emails', 'Support and sender addresses, and task reminders.'),
  settingsCard('onboarding', 'Onboarding', 'The welcome screen everyone sees when they first sign in.'),
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
