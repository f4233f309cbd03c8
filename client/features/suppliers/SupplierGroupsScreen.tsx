import { Anchor, Button, Group, List, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import type { SupplierGroupDetail, SupplierGroupRow } from '../../../shared/suppliers/api';
import { UNASSIGNED_GROUP_ID, UNASSIGNED_GROUP_TITLE } from '../../../shared/suppliers/groups';
import { supplierGroupBodySchema } from '../../../shared/suppliers/schema';
import { useSession } from '../../lib/session';
import { useSchemaForm } from '../../lib/useSchemaForm';
import { useConfirm } from '../../ui/confirm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { ScrollTable } from '../../ui/ScrollTable';
import { AreaShortcuts } from '../shortcuts/AreaShortcuts';
import {
  useArchiveSupplierGroup,
  useDeleteSupplierGroup,
  useSaveSupplierGroup,
  useSupplierGroup,
  useSupplierGroups,
} from './api';
import { useSupplierTerms } from './parts';

/** Supplier groups are "supplier types" on screen, in the event's own terminology. */
function useCrumbs() {
  const { types } = useSupplierTerms();
  return (...trail: string[]) => [
    { label: 'Admin', to: '/admin' },
    ...(trail.length
      ? [{ label: types, to: '/admin/supplier-groups' }, ...trail.map((label) => ({ label }))]
      : [{ label: types }]),
  ];
}

function GroupActions({ group, onDeleted }: { group: SupplierGroupRow; onDeleted?: () => void }) {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const archive = useArchiveSupplierGroup(eventId);
  const remove = useDeleteSupplierGroup(eventId);
  const confirm = useConfirm();
  const feedback = useFeedback();
  const { types } = useSupplierTerms();
  const noun = types.replace(/s$/, '').toLowerCase();

  const askArchive = () =>
    confirm({
      title: group.isArchived ? `Unarchive ${noun}` : `Archive ${noun}`,
      message: group.isArchived
        ? `${group.title} will show in the directory again.`
        : `${group.title} will leave the directory; its ${group.suppliersCount} supplier(s) show under their other types or Unassigned.`,
      confirmLabel: group.isArchived ? 'Unarchive' : 'Archive',
      onConfirm: () =>
        archive.mutate(
          { groupId: group.id, archive: !group.isArchived },
          {
            onSuccess: () =>
              feedback.success(
                group.isArchived ? `The ${noun} has been restored` : `The ${noun} has been archived`,
              ),
            onError: (error) => feedback.error(error),
          },
        ),
    });
  const askDelete = () =>
    confirm({
      title: `Delete ${noun}`,
      message: `${group.title} will be deleted; its suppliers stay.`,
      confirmLabel: 'Delete',
      color: 'red',
      onConfirm: () =>
        remove.mutate(group.id, {
          onSuccess: () => {
            feedback.success(`The ${noun} has been deleted`);
            onDeleted?.();
          },
          onError: (error) => feedback.error(error),
        }),
    });

  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="default"
        aria-label={`${group.isArchived ? 'Unarchive' : 'Archive'} ${group.title}`}
        onClick={askArchive}
      >
        {group.isArchived ? 'Unarchive' : 'Archive'}
      </Button>
      <Button size="xs" variant="default" aria-label={`Delete ${group.title}`} onClick={askDelete}>
        Delete
      </Button>
    </Group>
  );
}

/** /admin/supplier-groups and /admin/supplier-groups/archived (moderator and above), by title. */
export function SupplierGroupsScreen({ archived = false }: { archived?: boolean }) {
  const { event } = useSession();
  const groups = useSupplierGroups(event?.id ?? '', archived);
  const terms = useSupplierTerms();
  const crumbs = useCrumbs();
  const title = archived ? `Archived ${terms.typesLower}` : terms.types;

  return (
    <PageHeader
      title={title}
      breadcrumbs={archived ? crumbs('Archived') : crumbs()}
      actions={
        <Button component={Link} to="/admin/supplier-groups/add">
          Add {terms.types.replace(/s$/, '').toLowerCase()}
        </Button>
      }
      quickLinks={[
        archived
          ? { label: terms.types, to: '/admin/supplier-groups' }
          : { label: `Archived ${terms.typesLower}`, to: '/admin/supplier-groups/archived' },
        { label: terms.suppliers, to: '/admin/suppliers' },
      ]}
      tips={`Teams see ${terms.suppliers.toLowerCase()} grouped by type; those of no type show under Unassigned.`}
    >
      <AreaShortcuts
        area="suppliers"
        current={archived ? 'archivedSupplierGroups' : 'supplierGroups'}
        labels={{
          suppliers: terms.suppliers,
          archivedSuppliers: `Archived ${terms.suppliers}`,
          supplierGroups: terms.types,
          archivedSupplierGroups: `Archived ${terms.types}`,
        }}
      />
      {groups.isPending ? (
        <Loading label={`Loading the ${terms.typesLower}`} />
      ) : groups.isError ? (
        <LoadFailed
          title={`The ${terms.typesLower} could not be loaded`}
          error={groups.error}
          retry={groups.refetch}
        />
      ) : groups.data.items.length === 0 && (archived || groups.data.unassignedCount === 0) ? (
        <Paper withBorder p="xl" ta="center" radius="md">
          <Text>
            {archived
              ? `There are no archived ${terms.typesLower}.`
              : `There are no ${terms.typesLower} yet.`}
          </Text>
        </Paper>
      ) : (
        <Paper withBorder radius="md">
          <ScrollTable label={title} verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Suppliers</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.data.items.map((group) => (
                <Table.Tr key={group.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/supplier-groups/${group.id}`} fw={600}>
                      {group.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{group.suppliersCount}</Table.Td>
                  <Table.Td>
                    <GroupActions group={group} />
                  </Table.Td>
                </Table.Tr>
              ))}
              {!archived && (
                <Table.Tr>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/suppliers?groupId=${UNASSIGNED_GROUP_ID}`} fw={600}>
                      {UNASSIGNED_GROUP_TITLE}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{groups.data.unassignedCount}</Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      Suppliers of no type
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </ScrollTable>
        </Paper>
      )}
    </PageHeader>
  );
}

function GroupForm({ eventId, group }: { eventId: string; group: SupplierGroupDetail | null }) {
  const form = useSchemaForm(supplierGroupBodySchema, { initialValues: { title: group?.title ?? '' } });
  const save = useSaveSupplierGroup(eventId, group?.id ?? null);
  const feedback = useFeedback();
  const navigate = useNavigate();
  const { types } = useSupplierTerms();
  const noun = types.replace(/s$/, '').toLowerCase();

  const submit = form.onSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        feedback.success(group ? `The ${noun} has been saved` : `The ${noun} has been added`);
        navigate('/admin/supplier-groups');
      },
      onError: (error) => {
        form.setServerErrors(error);
        feedback.error(error);
      },
    }),
  );

  return (
    <Stack gap="lg" maw={560}>
      <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Title" required {...form.getInputProps('title')} />
          <Group>
            <Button type="submit" loading={save.isPending}>
              {group ? 'Save' : `Add ${noun}`}
            </Button>
            <Button variant="default" onClick={() => navigate('/admin/supplier-groups')}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </Paper>
      {group && (
        <Paper withBorder p="lg" radius="md" component="section" aria-label="Suppliers of this type">
          <Text fw={600} mb="xs">
            Suppliers of this type
          </Text>
          {group.suppliers.length === 0 ? (
            <Text size="sm" c="dimmed">
              No suppliers yet: choose this type on a supplier's page.
            </Text>
          ) : (
            <List spacing={4}>
              {group.suppliers.map((s) => (
                <List.Item key={s.id}>
                  <Anchor component={Link} to={`/admin/suppliers/${s.id}`}>
                    {s.company}
                  </Anchor>
                  {s.isArchived ? ' (archived)' : ''}
                </List.Item>
              ))}
            </List>
          )}
        </Paper>
      )}
    </Stack>
  );
}

/** /admin/supplier-groups/add */
export function AddSupplierGroupScreen() {
  const { event } = useSession();
  const crumbs = useCrumbs();
  const { types } = useSupplierTerms();
  const title = `Add ${types.replace(/s$/, '').toLowerCase()}`;
  return (
    <PageHeader title={title} breadcrumbs={crumbs(title)}>
      <GroupForm eventId={event?.id ?? ''} group={null} />
    </PageHeader>
  );
}

/** /admin/supplier-groups/:groupId */
export function EditSupplierGroupScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const { groupId = '' } = useParams();
  const group = useSupplierGroup(eventId, groupId);
  const navigate = useNavigate();
  const crumbs = useCrumbs();
  const { types } = useSupplierTerms();
  const noun = types.replace(/s$/, '');
  return (
    <PageHeader
      title={group.data?.title ?? noun}
      breadcrumbs={crumbs(group.data?.title ?? noun)}
      actions={
        group.data && <GroupActions group={group.data} onDeleted={() => navigate('/admin/supplier-groups')} />
      }
    >
      {group.isPending ? (
        <Loading label={`Loading the ${noun.toLowerCase()}`} />
      ) : group.isError ? (
        <LoadFailed
          title={`The ${noun.toLowerCase()} could not be loaded`}
          error={group.error}
          retry={group.refetch}
        />
      ) : (
        <GroupForm key={group.data.id + group.data.title} eventId={eventId} group={group.data} />
      )}
    </PageHeader>
  );
}

export function ArchivedSupplierGroupsScreen() {
  return <SupplierGroupsScreen archived />;
}

export { SupplierGroupsScreen as Component };
