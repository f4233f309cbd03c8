import { Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useNewVersionAvailable } from '../lib/buildVersion';

/**
 * "A new version is available — Reload": shown once the server names a build other than the one
 * this tab runs. Reloading is the person's choice (they may be half-way through a form).
 */
export function NewVersionPrompt() {
  const available = useNewVersionAvailable();
  if (!available) return null;
  return (
    <Paper
      role="status"
      aria-live="polite"
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      pos="fixed"
      bottom={16}
      right={16}
      style={{ zIndex: 400, maxWidth: 'calc(100vw - 32px)' }}
    >
      <Group gap="sm" wrap="nowrap">
        <Text size="sm">A new version is available</Text>
        <Button
          size="xs"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() => window.location.reload()}
        >
          Reload
        </Button>
      </Group>
    </Paper>
  );
}
