import { Anchor, Badge, Button, Group, SegmentedControl, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ASSET_TYPES, type Asset, type AssetType } from '../../../shared/assets/schema';
import { formatFileSize } from '../../../shared/downloads/fileSize';
import { useSession } from '../../lib/session';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { EventDate } from '../../ui/EventDate';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { ListSearch } from '../../ui/ListSearch';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed } from '../../ui/QueryState';
import { useListParams } from '../../ui/useListParams';

import { AssetThumb, assetCrumbs } from './assetParts';
import { useAssets } from './assetsApi';

const TYPE_LABELS: Record<AssetType, string> = { image: 'Image', document: 'Document' };

const columns: DataTableColumn<Asset, 'createdAt'>[] = [
  { key: 'preview', header: 'Preview', render: (a) => <AssetThumb asset={a} /> },
  {
    key: 'name',
    header: 'Name',
    render: (a) => (
      <Anchor component={Link} to={`/admin/assets/${a.id}`} fw={600}>
        {a.name}
      </Anchor>
    ),
  },
  {
    key: 'type',
    header: 'Type',
    render: (a) => (
      <Badge variant="light" color={a.type === 'image' ? 'blue' : 'gray'}>
        {TYPE_LABELS[a.type]}
      </Badge>
    ),
  },
  { key: 'size', header: 'Size', render: (a) => formatFileSize(a.size) },
  {
    key: 'createdAt',
    header: 'Added',
    render: (a) => (
      <Text size="sm">
        <EventDate value={a.createdAt} />
      </Text>
    ),
  },
];

const toType = (value: string | undefined): AssetType | null => ASSET_TYPES.find((t) => t === value) ?? null;

/** /admin/assets (moderator and above): the event's images and documents, newest first (spec). */
export function AssetsScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const params = useListParams('createdAt', ['createdAt'], 'desc');
  const type = toType(params.filters.type);
  const assets = useAssets(eventId, { page: params.page, search: params.search, type });
  const toolbar = (
    <Group align="flex-end" gap="md" mb="md">
      <ListSearch value={params.search} onSearch={params.setSearch} placeholder="Asset name" />
      <SegmentedControl
        aria-label="File type"
        value={type ?? 'all'}
        onChange={(value) => params.setFilter('type', value === 'all' ? null : value)}
        data={[
          { value: 'all', label: 'All' },
          { value: 'image', label: 'Images' },
          { value: 'document', label: 'Documents' },
        ]}
      />
    </Group>
  );

  return (
    <PageHeader
      title="Assets"
      breadcrumbs={assetCrumbs()}
      actions={
        <Button component={Link} to="/admin/assets/add">
          Add asset
        </Button>
      }
      quickLinks={[
        { label: 'Content', to: '/admin/content' },
        { label: 'Downloads', to: '/admin/downloads' },
      ]}
      tips="Images are kept at four sizes for pages and cards. Give each a short alt text that says what it shows."
    >
      {assets.isError ? (
        <>
          {toolbar}
          <LoadFailed title="The assets could not be loaded" error={assets.error} retry={assets.refetch} />
        </>
      ) : (
        <DataTable
          label="Assets"
          rows={assets.data?.items ?? []}
          total={assets.data?.total ?? 0}
          columns={columns}
          getRowId={(a) => a.id}
          params={params}
          isLoading={assets.isPending}
          isFetching={assets.isPlaceholderData}
          toolbar={toolbar}
          emptyState={
            <ListEmptyState
              filtered={params.hasFilters}
              onClearFilters={params.clearFilters}
              noun="assets"
              add={{ label: 'Add asset', to: '/admin/assets/add' }}
            />
          }
        />
      )}
    </PageHeader>
  );
}

export { AssetsScreen as Component };
