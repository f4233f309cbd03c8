import { Anchor, Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Layout } from '../../../shared/portal/cardLayouts';
import { useSession } from '../../lib/session';
import { useConfirm } from '../../ui/confirm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { ScrollTable } from '../../ui/ScrollTable';
import { useTeamTypes } from '../people/teamsApi';
import { useDeleteLayout, useLayouts } from './api';

export const layoutCrumbs = (last?: string) => [
  { label: 'Admin', to: '/admin' },
  ...(last
    ? [{ label: 'Card layouts', to: '/admin/card-layouts' }, { label: last }]
    : [{ label: 'Card layouts' }]),
];

/** /admin/card-layouts (admin): the dashboard's card layouts and the team types each serves. */
export function CardLayoutsScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const layouts = useLayouts(eventId);
  const types = useTeamTypes(eventId);
  const remove = useDeleteLayout(eventId);
  const confirm = useConfirm();
  const feedback = useFeedback();
  const typeName = new Map((types.data?.items ?? []).map((t) => [t.id, t.name]));

  const askDelete = (layout: Layout) =>
    confirm({
      title: 'Delete card layout',
      message: `${layout.name} will be deleted; its team types will see the default layout.`,
      confirmLabel: 'Delete',
      color: 'red',
      onConfirm: () =>
        remove.mutate(layout.id, {
          onSuccess: () => feedback.success('The layout has been deleted'),
          onError: (error) => feedback.error(error),
        }),
    });

  return (
    <PageHeader
      title="Card layouts"
      breadcrumbs={layoutCrumbs()}
      actions={
        <Button component={Link} to="/admin/card-layouts/add">
          Add layout
        </Button>
      }
      quickLinks={[
        { label: 'Dashboard header', to: '/admin/dashboard-header' },
        { label: 'Team types', to: '/admin/team-types' },
      ]}
      tips="Each layout has six cards. A team type sees the layout it is assigned to; every other team sees the default layout."
    >
      {layouts.isError ? (
        <LoadFailed
          title="The card layouts could not be loaded"
          error={layouts.error}
          retry={layouts.refetch}
        />
      ) : !layouts.data ? (
        <Loading label="Loading the card layouts" />
      ) : (
        <Paper withBorder radius="md">
          <ScrollTable label="Card layouts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Team types</Table.Th>
                <Table.Th>
                  <Text size="sm" fw={700} span>
                    Actions
                  </Text>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {layouts.data.items.map((layout) => (
                <Table.Tr key={layout.id}>
                  <Table.Td>
                    <Group gap="xs">
                      <Anchor component={Link} to={`/admin/card-layouts/${layout.id}`}>
                        {layout.name}
                      </Anchor>
                      {layout.isDefault && (
                        <Badge variant="outline" tt="none">
                          Default
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {layout.isDefault && layout.teamTypeIds.length === 0
                      ? 'Every team type without its own layout'
                      : layout.teamTypeIds.map((id) => typeName.get(id) ?? 'Team type').join(', ') || 'None'}
                  </Table.Td>
                  <Table.Td>
                    {layout.isDefault ? (
                      <Text size="sm" c="dimmed">
                        The default layout stays
                      </Text>
                    ) : (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => askDelete(layout)}
                        aria-label={`Delete ${layout.name}`}
                      >
                        Delete
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
        </Paper>
      )}
    </PageHeader>
  );
}

export { CardLayoutsScreen as Component };
