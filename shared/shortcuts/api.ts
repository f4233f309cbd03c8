import { z } from 'zod';
import { AREA_LEVELS, type Permission } from '../auth/permissions';

/**
 * Spec, common screen behaviour: "Manage-area shortcuts show counts (for example Forms, Archived
 * Forms); archived shortcuts are disabled at zero." The manage areas with archived screens are
 * content, tasks with task groups, suppliers with supplier types, and forms with field groups. Forms
 * carry their counts in their own list answer (shared/forms/api.ts); the other three areas ask
 * SHORTCUT_ROUTES.counts (routes.ts), whose counts do not depend on a list's filters.
 */
export const SHORTCUT_AREAS = ['content', 'tasks', 'suppliers'] as const;
export type ShortcutArea = (typeof SHORTCUT_AREAS)[number];

/** The message of a 400 for an area that does not exist. */
export const SHORTCUT_ERRORS = { invalidArea: 'Invalid shortcut area' } as const;

export const shortcutParamsSchema = z.strictObject({
  eventId: z.uuid(),
  area: z.enum(SHORTCUT_AREAS),
});

export const shortcutCountsSchema = z.object({
  /** Count by shortcut key, for example { content: 4, archivedContent: 0 }. */
  counts: z.record(z.string(), z.number().int().nonnegative()),
});
export type ShortcutCounts = z.output<typeof shortcutCountsSchema>;

/** Who sees an area's shortcuts: the level of its manage screens (spec, roles and permissions). */
export const SHORTCUT_AREA_LEVELS: Record<ShortcutArea, Permission> = {
  content: 'moderator',
  tasks: AREA_LEVELS.tasks,
  suppliers: AREA_LEVELS.suppliers,
};

export interface ShortcutDefinition {
  key: string;
  label: string;
  to: string;
  /** An archived shortcut is disabled at zero (spec). */
  archived: boolean;
}

/** One area's shortcuts, in the order they show; the labels follow the screens' own titles. */
export const AREA_SHORTCUTS: Record<ShortcutArea, ShortcutDefinition[]> = {
  content: [
    { key: 'content', label: 'Content', to: '/admin/content', archived: false },
    { key: 'archivedContent', label: 'Archived Content', to: '/admin/content/archived', archived: true },
  ],
  tasks: [
    { key: 'tasks', label: 'Tasks', to: '/admin/tasks', archived: false },
    { key: 'archivedTasks', label: 'Archived Tasks', to: '/admin/tasks/archived', archived: true },
    { key: 'taskGroups', label: 'Task Groups', to: '/admin/task-groups', archived: false },
    {
      key: 'archivedTaskGroups',
      label: 'Archived Task Groups',
      to: '/admin/task-groups/archived',
      archived: true,
    },
  ],
  suppliers: [
    { key: 'suppliers', label: 'Suppliers', to: '/admin/suppliers', archived: false },
    {
      key: 'archivedSuppliers',
      label: 'Archived Suppliers',
      to: '/admin/suppliers/archived',
      archived: true,
    },
    { key: 'supplierGroups', label: 'Supplier Types', to: '/admin/supplier-groups', archived: false },
    {
      key: 'archivedSupplierGroups',
      label: 'Archived Supplier Types',
      to: '/admin/supplier-groups/archived',
      archived: true,
    },
  ],
};
