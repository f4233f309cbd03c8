import { Anchor, Badge, Button, Group, Select, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SUPPLIER_SORTS, type SupplierRow } from '../../../shared/suppliers/api';
import { UNASSIGNED_GROUP_ID, UNASSIGNED_GROUP_TITLE } from '../../../shared/suppliers/groups';
import { isRestricted } from '../../../shared/suppliers/visibility';
import { useSession } from '../../lib/session';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { ListSearch } from '../../ui/ListSearch';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed } from '../../ui/QueryState';
import { useListParams } from '../../ui/useListParams';
import { AreaShortcuts } from '../shortcuts/AreaShortcuts';
import { type SupplierSort, useSupplierGroups, useSuppliers } from './api';
import { SupplierLogo, useSupplierTerms } from './parts';

function columnsFor(typesLabel: string): DataTableColumn<SupplierRow, SupplierSort>[] {
  return [
    {
      key: 'company',
      header: 'Company',
      sortKey: 'company',
      render: (s) => (
        <Group gap="sm" wrap="nowrap">
          <SupplierLogo company={s.company} logo={s.logo} size={32} />
          <Anchor component={Link} to={`/admin/suppliers/${s.id}`} fw={600}>
            {s.company}
          </Anchor>
        </Group>
      ),
    },
    {
      key: 'website',
      header: 'Website',
      sortKey: 'website',
      breakAnywhere: true,
      // The address without its scheme keeps the column narrow enough for the flags beside it.
      render: (s) => s.website.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '') || '—',
    },
    {
      key: 'types',
      header: typesLabel,
      render: (s) => (s.groups.length ? s.groups.map((g) => g.title).join(', ') : UNASSIGNED_GROUP_TITLE),
    },
    { key: 'contacts', header: 'Contacts', render: (s) => s.contactsCount },
    {
      key: 'flags',
      header: 'Flags',
      render: (s) => (
        <Group gap={4}>
          {s.isFeatured && (
            <Badge variant="outline" size="sm" miw="max-content">
              Featured
            </Badge>
          )}
          {isRestricted(s) && (
            <Badge variant="outline" size="sm" miw="max-content">
              Restricted
            </Badge>
          )}
        </Group>
      ),
    },
  ];
}

/**
 * /admin/suppliers and /admin/suppliers/archived (moderator and above): suppliers by company,
 * searched and filtered by supplier type on the server.
 */
export function SuppliersScreen({ archived = false }: { archived?: boolean }) {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const terms = useSupplierTerms();
  const params = useListParams<SupplierSort>('company', SUPPLIER_SORTS);
  const groupId = params.filters.groupId ?? null;
  const suppliers = useSuppliers(eventId, {
    page: params.page,
    sort: params.sort,
    order: params.order,
    search: params.search,
    groupId,
    archived,
  });
  const groups = useSupplierGroups(eventId);
  const title = archived ? `Archived ${terms.suppliers.toLowerCase()}` : terms.suppliers;

  const toolbar = (
    <Group align="flex-end" gap="md" mb="md" wrap="wrap">
      <ListSearch value={params.search} onSearch={params.setSearch} placeholder="Company" />
      <Select
        label={terms.types}
        placeholder={`All ${terms.typesLower}`}
        data={[
          ...(groups.data?.items ?? []).map((g) => ({ value: g.id, label: g.title })),
          { value: UNASSIGNED_GROUP_ID, label: UNASSIGNED_GROUP_TITLE },
        ]}
        value={groupId}
        onChange={(value) => params.setFilter('groupId', value)}
        error={groups.isError ? `The ${terms.typesLower} could not be loaded` : undefined}
        clearable
        searchable
        w={220}
      />
    </Group>
  );

  const emptyState = archived ? (
    <ListEmptyState
      filtered={params.hasFilters}
      onClearFilters={params.clearFilters}
      noun="archived suppliers"
    />
  ) : (
    <ListEmptyState
      filtered={params.hasFilters}
      onClearFilters={params.clearFilters}
      noun="suppliers"
      add={{ label: 'Add supplier', to: '/admin/suppliers/add' }}
    />
  );

  return (
    <PageHeader
      title={title}
      breadcrumbs={[
        { label: 'Admin', to: '/admin' },
        ...(archived ? [{ label: terms.suppliers, to: '/admin/suppliers' }, { label: 'Archived' }] : []),
        ...(archived ? [] : [{ label: terms.suppliers }]),
      ]}
      actions={
        <Button component={Link} to="/admin/suppliers/add">
          Add supplier
        </Button>
      }
      quickLinks={[
        archived
          ? { label: terms.suppliers, to: '/admin/suppliers' }
          : { label: `Archived ${terms.suppliers.toLowerCase()}`, to: '/admin/suppliers/archived' },
        { label: terms.types, to: '/admin/supplier-groups' },
      ]}
      tips={
        <Text size="sm">
          Teams see {terms.suppliers.toLowerCase()} grouped by {terms.typesLower.replace(/s$/, '')}, featured
          first. Show to or hide from team types to limit who sees one.
        </Text>
      }
    >
      <AreaShortcuts
        area="suppliers"
        current={archived ? 'archivedSuppliers' : 'suppliers'}
        labels={{
          suppliers: terms.suppliers,
          archivedSuppliers: `Archived ${terms.suppliers}`,
          supplierGroups: terms.types,
          archivedSupplierGroups: `Archived ${terms.types}`,
        }}
      />
      {suppliers.isError ? (
        <>
          {toolbar}
          <LoadFailed
            title="The suppliers could not be loaded"
            error={suppliers.error}
            retry={suppliers.refetch}
          />
        </>
      ) : (
        <DataTable
          label={title}
          rows={suppliers.data?.items ?? []}
          total={suppliers.data?.total ?? 0}
          columns={columnsFor(terms.types)}
          getRowId={(s) => s.id}
          params={params}
          isLoading={suppliers.isPending}
          isFetching={suppliers.isPlaceholderData}
          toolbar={toolbar}
          emptyState={emptyState}
        />
      )}
    </PageHeader>
  );
}

export function ArchivedSuppliersScreen() {
  return <SuppliersScreen archived />;
}

export { SuppliersScreen as Component };
