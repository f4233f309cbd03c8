import { Group, Paper, Radio, Stack, TextInput } from '@mantine/core';
import {
  NOTIFICATION_LABELS,
  type Notification,
  SAVE_ACTION_LABELS,
} from '../../../shared/notifications/api';
import { isPublished, type SaveAction } from '../../../shared/notifications/status';

/** A published notification is kept published or withdrawn; it is not scheduled again. */
const actionsFor = (n: Notification | null): { value: SaveAction; label: string }[] =>
  n && isPublished(n.status)
    ? [
        { value: 'publish', label: 'Keep published' },
        { value: 'draft', label: 'Withdraw to draft' },
      ]
    : (['draft', 'publish', 'schedule'] as const).map((value) => ({
        value,
        label: SAVE_ACTION_LABELS[value],
      }));

/**
 * When the notification goes out: saved as a draft, published now, or scheduled at a local time in
 * the event's zone (the form turns it into the instant the body carries).
 */
export function ScheduleInputs(props: {
  notification: Notification | null;
  action: SaveAction;
  localTime: string;
  timeZone: string;
  error?: string;
  onActionChange: (action: SaveAction) => void;
  onLocalTimeChange: (localTime: string) => void;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Radio.Group
          label={NOTIFICATION_LABELS.when}
          value={props.action}
          onChange={(value) => props.onActionChange(value as SaveAction)}
        >
          <Group mt="xs">
            {actionsFor(props.notification).map((a) => (
              <Radio key={a.value} value={a.value} label={a.label} />
            ))}
          </Group>
        </Radio.Group>
        {props.action === 'schedule' && (
          <TextInput
            type="datetime-local"
            label={`${NOTIFICATION_LABELS.scheduledAt} (${props.timeZone})`}
            required
            value={props.localTime}
            onChange={(e) => props.onLocalTimeChange(e.currentTarget.value)}
            error={props.error}
          />
        )}
      </Stack>
    </Paper>
  );
}
