import { can, FIELD_GROUPS_LEVEL } from '../../../shared/auth/permissions';
import type { FormsCounts } from '../../../shared/forms/api';
import { useSession } from '../../lib/session';
import { type Shortcut, ShortcutBar } from '../../ui/Shortcuts';

export type ShortcutKey = keyof FormsCounts;

const SHORTCUTS: (Shortcut & { key: ShortcutKey; adminOnly: boolean })[] = [
  { key: 'forms', label: 'Forms', to: '/admin/forms', archived: false, adminOnly: false },
  {
    key: 'archivedForms',
    label: 'Archived Forms',
    to: '/admin/forms/archived',
    archived: true,
    adminOnly: false,
  },
  { key: 'fieldGroups', label: 'Field Groups', to: '/admin/field-groups', archived: false, adminOnly: true },
  {
    key: 'archivedFieldGroups',
    label: 'Archived Field Groups',
    to: '/admin/field-groups/archived',
    archived: true,
    adminOnly: true,
  },
];

/**
 * Spec: the forms manage area's four shortcuts with counts (from the list's own answer). Field
 * groups are admin only, so their two shortcuts show to admins alone.
 */
export function FormsShortcuts({
  counts,
  current,
}: {
  counts: FormsCounts | undefined;
  current: ShortcutKey;
}) {
  const { level } = useSession();
  const shown = SHORTCUTS.filter((s) => !s.adminOnly || can(level, FIELD_GROUPS_LEVEL));
  return <ShortcutBar label="Forms shortcuts" shortcuts={shown} counts={counts} current={current} />;
}
