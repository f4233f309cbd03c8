import { Anchor, Badge, Button, Group, Select, Text } from '@mantine/core';
import { Link } from 'react-router';
import { FILE_FILTER_LABELS, FILE_FILTERS, toFileFilter } from '../../../shared/downloads/fileFilter';
import { formatFileSize } from '../../../shared/downloads/fileSize';
import { DOWNLOAD_SORTS, type Download } from '../../../shared/downloads/schema';
import { downloadRestriction } from '../../../shared/downloads/visibility';
import { useSession } from '../../lib/session';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { ListSearch } from '../../ui/ListSearch';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed } from '../../ui/QueryState';
import { useListParams } from '../../ui/useListParams';

import { type DownloadSort, useDownloads } from './api';

const columns: DataTableColumn<Download, DownloadSort>[] = [
  {
    key: 'name',
    header: 'Name',
    sortKey: 'name',
    render: (d) => (
      <Anchor component={Link} to={`/admin/downloads/${d.id}`} fw={600}>
        {d.name}
      </Anchor>
    ),
  },
  { key: 'fileType', header: 'Type', sortKey: 'fileType', render: (d) => d.fileType },
  { key: 'fileSize', header: 'Size', sortKey: 'fileSize', render: (d) => formatFileSize(d.fileSize) },
  {
    key: 'visibility',
    header: 'Shown to',
    render: (d) => {
      const restriction = downloadRestriction(d);
      return (
        <Group gap={4}>
          {!d.showDownload && (
            <Badge variant="outline" color="gray">
              Hidden
            </Badge>
          )}
          {restriction && (
            <Badge variant="outline" title={restriction.detail}>
              {restriction.label}
            </Badge>
          )}
          {d.hideFromTeamTypeIds.length > 0 && (
            <Badge variant="outline">Hidden from {d.hideFromTeamTypeIds.length}</Badge>
          )}
          {d.showToChildTeams && <Badge variant="outline">Stand shares</Badge>}
          {d.showDownload && !restriction && d.hideFromTeamTypeIds.length === 0 && (
            <Text size="sm">Everyone</Text>
          )}
        </Group>
      );
    },
  },
];

/** /admin/downloads (moderator and above): the event's downloads by name, searchable. */
export function DownloadsScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const params = useListParams<DownloadSort>('name', DOWNLOAD_SORTS);
  const fileFilter = toFileFilter(params.filters.fileFilter);
  const downloads = useDownloads(eventId, {
    page: params.page,
    sort: params.sort,
    order: params.order,
    search: params.search,
    fileFilter,
  });
  const toolbar = (
    <Group align="flex-end" gap="md" mb="md">
      <ListSearch value={params.search} onSearch={params.setSearch} placeholder="Download name" />
      <Select
        label="File type"
        placeholder="All file types"
        data={FILE_FILTERS.map((value) => ({ value, label: FILE_FILTER_LABELS[value] }))}
        value={fileFilter}
        onChange={(value) => params.setFilter('fileFilter', value)}
        clearable
        w={190}
      />
    </Group>
  );

  return (
    <PageHeader
      title="Downloads"
      breadcrumbs={[{ label: 'Admin', to: '/admin' }, { label: 'Downloads' }]}
      actions={
        <Button component={Link} to="/admin/downloads/add">
          Add download
        </Button>
      }
      quickLinks={[{ label: 'Team types', to: '/admin/team-types', level: 'admin' }]}
      tips="A download restricted to team types shows only to teams of those types; hide it from a type to leave that one out."
    >
      {downloads.isError ? (
        <>
          {toolbar}
          <LoadFailed
            title="The downloads could not be loaded"
            error={downloads.error}
            retry={downloads.refetch}
          />
        </>
      ) : (
        <DataTable
          label="Downloads"
          rows={downloads.data?.items ?? []}
          total={downloads.data?.total ?? 0}
          columns={columns}
          getRowId={(d) => d.id}
          params={params}
          isLoading={downloads.isPending}
          isFetching={downloads.isPlaceholderData}
          toolbar={toolbar}
          emptyState={
            <ListEmptyState
              filtered={params.hasFilters}
              onClearFilters={params.clearFilters}
              noun="downloads"
              add={{ label: 'Add download', to: '/admin/downloads/add' }}
            />
          }
        />
      )}
    </PageHeader>
  );
}

export { DownloadsScreen as Component };
