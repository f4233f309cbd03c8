import { Button, Group, Stack, Text } from '@mantine/core';
import type { FieldType } from '../../../../shared/forms';
import { fieldTypeOf } from '../../../../shared/forms';

/** The builder's palette: every field type, in the groups an organiser looks for them. */
export const PALETTE_GROUPS: readonly { title: string; types: readonly FieldType[] }[] = [
  { title: 'Questions', types: ['text', 'email', 'tel', 'url', 'number', 'area', 'date'] },
  { title: 'Choices', types: ['checkbox', 'dropdown'] },
  { title: 'Compound', types: ['address', 'fullName', 'repeater'] },
  { title: 'Files', types: ['upload', 'disclaimer'] },
  { title: 'Money', types: ['itemList', 'grandTotal'] },
  {
    title: 'Layout',
    types: ['customText', 'section', 'newPage', 'divider', 'callout', 'image', 'youTube', 'vimeo'],
  },
];

export interface PaletteFieldGroup {
  id: string;
  title: string;
}

export function FieldPalette({
  fieldGroups,
  onAdd,
}: {
  /** The event's field groups, each added as a template field. */
  fieldGroups: readonly PaletteFieldGroup[];
  onAdd: (type: FieldType, fieldGroupId?: string) => void;
}) {
  return (
    <Stack gap="md" component="nav" aria-label="Field types">
      {PALETTE_GROUPS.map((group) => (
        <Stack key={group.title} gap={6}>
          <Text size="sm" fw={600}>
            {group.title}
          </Text>
          <Group gap={6}>
            {group.types.map((type) => (
              <Button key={type} size="xs" variant="default" onClick={() => onAdd(type)}>
                {fieldTypeOf(type).displayName}
              </Button>
            ))}
          </Group>
        </Stack>
      ))}
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          Reusable groups
        </Text>
        {fieldGroups.length === 0 ? (
          <Text size="sm" c="dimmed">
            No field groups yet.
          </Text>
        ) : (
          <Group gap={6}>
            {fieldGroups.map((group) => (
              <Button key={group.id} size="xs" variant="default" onClick={() => onAdd('template', group.id)}>
                {group.title}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </Stack>
  );
}
