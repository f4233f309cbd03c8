import { Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';

/**
 * Spec router errors: "403 Forbidden". Shown inside the shell, at the address asked for, when a
 * team member opens an area their team owner closed to them (decision 0034).
 */
export function ForbiddenScreen() {
  return (
    <PageHeader title="403 Forbidden" breadcrumbs={[{ label: 'Forbidden' }]}>
      <Stack gap="md" maw={640}>
        <Text>
          You do not have access to this area. Your team owner chooses which areas each team member may open;
          ask them if you need it.
        </Text>
        <Group>
          <Button component={Link} to="/">
            Go To Dashboard
          </Button>
        </Group>
      </Stack>
    </PageHeader>
  );
}
