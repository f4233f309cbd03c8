import { Anchor, Paper, Table } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { formatFileSize } from '../../../shared/downloads/fileSize';
import { useSession } from '../../lib/session';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';

import { useMyDownloads } from './api';

/** /downloads: what the user's team type and stand-share role may download, by name. */
export function MyDownloadsScreen() {
  const { event, shell } = useSession();
  const title = shell?.terminology.downloads ?? 'Downloads';
  const downloads = useMyDownloads(event?.id ?? '');

  return (
    <PageHeader title={title} breadcrumbs={[{ label: title }]}>
      {downloads.isError ? (
        <LoadFailed
          title="The downloads could not be loaded"
          error={downloads.error}
          retry={downloads.refetch}
        />
      ) : !downloads.data ? (
        <Loading label="Loading the downloads" />
      ) : downloads.data.items.length === 0 ? (
        <ListEmptyState filtered={false} onClearFilters={() => {}} noun="downloads" />
      ) : (
        <Paper withBorder radius="md">
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Size</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {downloads.data.items.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Anchor
                      href={d.data}
                      download={d.fileName}
                      fw={600}
                      style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}
                    >
                      <IconDownload size={16} aria-hidden />
                      {d.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{d.description}</Table.Td>
                  <Table.Td>{d.fileType}</Table.Td>
                  <Table.Td>{formatFileSize(d.fileSize)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </PageHeader>
  );
}

export { MyDownloadsScreen as Component };
