import {
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { iconLabel, storedIconName, symbolName } from '../../../shared/content/icons';
import { ICON_NAME_SET, ICON_NAMES } from './iconNames';
import { MaterialIcon } from './MaterialIcon';

const SHOWN = 120;

/**
 * The page icon picker (spec: Page icon, used in the sidebar): a searchable grid over the whole
 * Material Symbols set. It is a lazy chunk of its own (the names list comes with it; each icon is a small SVG).
 */
export function IconPicker({
  value,
  onChange,
  label,
  description,
}: {
  value: string;
  onChange: (icon: string) => void;
  label: string;
  description?: string;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  const [search, setSearch] = useState('');
  const current = symbolName(value, ICON_NAME_SET);
  const matches = useMemo(() => {
    const words = search.trim().toLowerCase().replace(/\s+/g, '_');
    return words ? ICON_NAMES.filter((name) => name.includes(words)) : ICON_NAMES;
  }, [search]);

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="page-icon-label">
        {label}
      </Text>
      {description && (
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      )}
      <Group gap="sm">
        <MaterialIcon icon={value} size={32} label={`Current icon: ${iconLabel(current)}`} />
        <Button variant="default" onClick={open} aria-describedby="page-icon-label">
          Choose icon
        </Button>
      </Group>
      <Modal opened={opened} onClose={close} title="Choose a page icon" size="lg">
        <Stack gap="sm">
          <TextInput
            label="Search icons"
            placeholder="e.g. parking, restaurant, map"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            data-autofocus
          />
          <Text size="xs" c="dimmed" aria-live="polite">
            {matches.length === 0
              ? 'No icon matches this search.'
              : `${matches.length} icons${matches.length > SHOWN ? `, showing the first ${SHOWN}` : ''}`}
          </Text>
          <SimpleGrid cols={{ base: 5, sm: 8 }} spacing={6}>
            {matches.slice(0, SHOWN).map((name) => (
              <Tooltip key={name} label={iconLabel(name)} openDelay={300}>
                <UnstyledButton
                  aria-label={iconLabel(name)}
                  aria-pressed={name === current}
                  onClick={() => {
                    onChange(storedIconName(name));
                    close();
                  }}
                  p={6}
                  style={{
                    display: 'flex',
                    justifyContent: 'center',
                    borderRadius: 6,
                    outline: name === current ? '2px solid var(--mantine-color-portal-filled)' : undefined,
                  }}
                >
                  <MaterialIcon icon={name} size={28} />
                </UnstyledButton>
              </Tooltip>
            ))}
          </SimpleGrid>
        </Stack>
      </Modal>
    </Stack>
  );
}

export default IconPicker;
