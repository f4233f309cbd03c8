import { Badge, Button, Group } from '@mantine/core';
import { Link } from 'react-router';

export interface Shortcut {
  key: string;
  label: string;
  to: string;
  /** An archived shortcut is disabled while its count is zero (spec). */
  archived: boolean;
}

function CountBadge({ count, active }: { count: number | undefined; active: boolean }) {
  return (
    <Badge size="sm" variant="filled" color={active ? undefined : 'gray'}>
      {count ?? '…'}
    </Badge>
  );
}

/**
 * Spec, common screen behaviour: "Manage-area shortcuts show counts (for example Forms, Archived
 * Forms); archived shortcuts are disabled at zero", and shortcuts are hidden below 1200 px (xl).
 * One row of buttons, the current screen's marked as the page; a count still loading shows '…'.
 */
export function ShortcutBar({
  label,
  shortcuts,
  counts,
  current,
}: {
  /** Names the navigation landmark, for example 'Forms shortcuts'. */
  label: string;
  shortcuts: readonly Shortcut[];
  counts: Readonly<Record<string, number>> | undefined;
  current: string;
}) {
  return (
    <Group gap="sm" mb="md" aria-label={label} role="navigation" visibleFrom="xl">
      {shortcuts.map((s) => {
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
