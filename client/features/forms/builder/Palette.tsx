import { Button, Group, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import type { FieldGroupRow } from '../../../../shared/forms/api';
import type { FieldType } from '../../../../shared/forms/schema/field';
import { PALETTE_GROUPS, typeName } from './palette';

/**
 * Every field type of the engine, grouped; a click adds one after the selected field. Templates
 * are added per field group (the reusable groups), since a template without its group is nothing.
 * Memoised: about thirty buttons that change only with the lock and the groups, not with the draft.
 */
export const Palette = memo(function Palette({
  onAdd,
  fieldGroups,
  disabled,
  offerTemplates = true,
}: {
  onAdd: (type: FieldType, extra?: { fieldGroupId: string; label: string }) => void;
  fieldGroups: FieldGroupRow[] | null;
  disabled: boolean;
  /** A field group's own builder offers no templates: groups do not nest. */
  offerTemplates?: boolean;
}) {
  const groups = offerTemplates
    ? PALETTE_GROUPS
    : PALETTE_GROUPS.filter((g) => !g.types.includes('template'));
  return (
    <Stack gap="md" component="nav" aria-label="Field types">
      {groups.map((group) => (
        <Stack key={group.title} gap={6}>
          <Text fw={600} size="sm">
            {group.title}
          </Text>
          <Group gap={6}>
            {group.types
              .filter((type) => type !== 'template')
              .map((type) => (
                <Button
                  key={type}
                  size="compact-sm"
                  variant="default"
                  disabled={disabled}
                  onClick={() => onAdd(type)}
                >
                  {typeName(type)}
                </Button>
              ))}
            {group.types.includes('template') &&
              (fieldGroups === null ? (
                <Text size="xs" c="dimmed">
                  Field groups are managed by admins.
                </Text>
              ) : fieldGroups.length === 0 ? (
                <Text size="xs" c="dimmed">
                  No published field groups yet.
                </Text>
              ) : (
                fieldGroups.map((fg) => (
                  <Button
                    key={fg.id}
                    size="compact-sm"
                    variant="default"
                    disabled={disabled}
                    aria-label={`Add field group ${fg.title}`}
                    onClick={() => onAdd('template', { fieldGroupId: fg.id, label: fg.title })}
                  >
                    {fg.title}
                  </Button>
                ))
              ))}
          </Group>
        </Stack>
      ))}
    </Stack>
  );
});
