import { Badge, Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { can } from '../../../shared/auth/permissions';
import { FIELD_GROUPS_LEVEL, type FormsCounts } from '../../../shared/forms/api';
import { useSession } from '../../lib/session';

export type ShortcutKey = keyof FormsCounts;

const SHORTCUTS: { key: ShortcutKey; label: string; to: string; archived: boolean; adminOnly: boolean }[] = [
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

function CountBadge({ count, active }: { count: number | undefined; active: boolean }) {
  return (
    <Badge size="sm" variant="filled" color={active ? undefined : 'gray'}>
      {count ?? '…'}
    </Badge>
  );
}

/**
 * Spec: the forms manage area's four shortcuts with counts; an archived shortcut is disabled at
 * zero. Field groups are admin only, so their two shortcuts show to admins alone.
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
  return (
    <Group gap="sm" mb="md" aria-label="Forms shortcuts" role="navigation">
      {shown.map((s) => {
        const active = s.key === current;
        const count = counts?.[s.key];
        const look = {
          variant: active ? 'light' : 'default',
          rightSection: <CountBadge count={count} active={active} />,
        } as const;
        return s.archived && count === 0 ? (
          <Button key={s.key} disabled {...look}>
            {s.label}
          </Button>
        ) : (
          <Button key={s.key} component={Link} to={s.to} aria-current={active ? 'page' : undefined} {...look}>
            {s.label}
          </Button>
        );
      })}
    </Group>
  );
}
