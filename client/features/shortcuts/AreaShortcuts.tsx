import { useQuery } from '@tanstack/react-query';
import { AREA_SHORTCUTS, type ShortcutArea } from '../../../shared/shortcuts/api';
import { SHORTCUT_ROUTES } from '../../../shared/shortcuts/routes';
import { call } from '../../lib/api';
import { sessionKeys, useSession } from '../../lib/session';
import { ShortcutBar } from '../../ui/Shortcuts';

/**
 * Kept under each area's own query key (content, tasks, suppliers), so every change those screens
 * already announce (archive, restore, add, delete) refreshes the counts with the list.
 */
export const shortcutCountsKey = (eventId: string, area: ShortcutArea) =>
  [...sessionKeys.event(eventId), area, 'shortcut-counts'] as const;

const LABELS: Record<ShortcutArea, string> = {
  content: 'Content shortcuts',
  tasks: 'Tasks shortcuts',
  suppliers: 'Suppliers shortcuts',
};

/**
 * The shortcuts of one manage area with their counts (spec: archived shortcuts disabled at zero).
 * `labels` renames a shortcut where the event's terminology names the area differently.
 */
export function AreaShortcuts({
  area,
  current,
  labels = {},
}: {
  area: ShortcutArea;
  current: string;
  labels?: Readonly<Record<string, string>>;
}) {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const counts = useQuery({
    queryKey: shortcutCountsKey(eventId, area),
    queryFn: () => call(SHORTCUT_ROUTES.counts, { params: { eventId, area } }),
    enabled: eventId !== '',
  });
  const shortcuts = AREA_SHORTCUTS[area].map((s) => ({ ...s, label: labels[s.key] ?? s.label }));
  return (
    <ShortcutBar label={LABELS[area]} shortcuts={shortcuts} counts={counts.data?.counts} current={current} />
  );
}
