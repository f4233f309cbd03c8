import { Alert, Button, Group, Text } from '@mantine/core';
import type { LockState } from './useEditLock';

/** Who holds the edit lock when it is not the viewer: the builder is then read-only. */
export function LockNotice({ lock, noun }: { lock: LockState; noun: 'form' | 'field group' }) {
  if (lock.status === 'held') return null;
  if (lock.status === 'taking') {
    return (
      <Text size="sm" c="dimmed" role="status" mb="sm">
        Opening the {noun} for editing…
      </Text>
    );
  }
  return (
    // Mantine's yellow title on its light yellow fails contrast (axe): the title is dark instead.
    <Alert
      color="yellow"
      variant="light"
      title="Read only"
      mb="md"
      styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
    >
      {lock.lock.holderName} is editing this {noun}. You can look at it, but not change it until they leave.
    </Alert>
  );
}

/** Save, enabled when there is something to save that the engine would accept. */
export function SaveBar(props: {
  changed: boolean;
  readOnly: boolean;
  /** How many problems the engine finds in the draft's logic (shown at the field they concern). */
  problems: number;
  saving: boolean;
  onSave: () => void;
}) {
  const { changed, readOnly, problems } = props;
  return (
    <Group gap="sm">
      {problems > 0 && !readOnly ? (
        <Text size="sm" c="red.8">
          {problems === 1 ? '1 logic problem to fix' : `${problems} logic problems to fix`} before saving
        </Text>
      ) : (
        changed &&
        !readOnly && (
          <Text size="sm" c="dimmed">
            Unsaved changes
          </Text>
        )
      )}
      <Button onClick={props.onSave} disabled={readOnly || !changed || problems > 0} loading={props.saving}>
        Save
      </Button>
    </Group>
  );
}
