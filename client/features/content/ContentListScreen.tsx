import { Anchor, Badge, Button, Group, Select } from '@mantine/core';
import { Link } from 'react-router';
import {
  CONTENT_SORTS,
  CONTENT_STATUS_FILTERS,
  CONTENT_STATUS_LABELS,
  type ContentRow,
  type ContentStatusFilter,
} from '../../../shared/content/api';
import { useSession } from '../../lib/session';
import { useConfirm } from '../../ui/confirm';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { EventDate } from '../../ui/EventDate';
import { useFeedback } from '../../ui/FeedbackBanner';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { ListSearch } from '../../ui/ListSearch';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed } from '../../ui/QueryState';
import { useListParams } from '../../ui/useListParams';
import { AreaShortcuts } from '../shortcuts/AreaShortcuts';
import { type ContentSort, useArchiveContent, useContentList, useDeleteContent } from './api';
import { MaterialIcon } from './MaterialIcon';
import { contentCrumbs } from './parts';

function Flags({ page }: { page: ContentRow }) {
  return (
    <Group gap={4}>
      {/* Dark text on the light badge: green or grey text on it fails axe's contrast (as on API tokens). */}
      <Badge variant="light" color={page.isPublished ? 'green' : 'gray'} c="dark.9">
        {page.isPublished ? 'Published' : 'Draft'}
      </Badge>
      {page.isPublic && <Badge variant="outline">Public</Badge>}
      {page.isFeatured && <Badge variant="outline">Featured</Badge>}
      {page.allowedTeamTypeIds.length > 0 && <Badge variant="outline">Restricted</Badge>}
    </Group>
  );
}

/** The status filter kept in the address, when it is one the list knows. */
function statusFilter(value: string | undefined): ContentStatusFilter | null {
  return CONTENT_STATUS_FILTERS.find((known) => known === value) ?? null;
}

function ContentList({ archived }: { archived: boolean }) {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const params = useListParams<ContentSort>('title', CONTENT_SORTS);
  const status = statusFilter(params.filters.status);
  const list = useContentList(eventId, { ...params, archived, status });
  const archive = useArchiveContent(eventId);
  const remove = useDeleteContent(eventId);
  const confirm = useConfirm();
  const feedback = useFeedback();

  const askArchive = (page: ContentRow) =>
    confirm({
      title: page.isArchived ? 'Unarchive page' : 'Archive page',
      message: page.isArchived
        ? `${page.title} will be listed again. Publish it again to show it to teams.`
        : `${page.title} will be archived: teams no longer see it, and it leaves featured pages and the sidebar.`,
      confirmLabel: page.isArchived ? 'Unarchive' : 'Archive',
      onConfirm: () =>
        archive.mutateAsync(
          { contentId: page.id, archive: !page.isArchived },
          {
            onSuccess: () =>
              feedback.success(page.isArchived ? 'The page has been restored' : 'The page has been archived'),
            onError: (error) => feedback.error(error),
          },
        ),
    });
  const askDelete = (page: ContentRow) =>
    confirm({
      title: 'Delete page',
      message: `${page.title} and its ${page.sectionsCount} section(s) will be deleted for good.`,
      confirmLabel: 'Delete',
      onConfirm: () =>
        remove.mutateAsync(page.id, {
          onSuccess: () => feedback.success('The page has been deleted'),
          onError: (error) => feedback.error(error),
        }),
    });

  const columns: DataTableColumn<ContentRow, ContentSort>[] = [
    {
      key: 'title',
      header: 'Title',
      sortKey: 'title',
      render: (page) => (
        <Group gap="xs" wrap="nowrap">
          <MaterialIcon icon={page.icon} size={20} />
          <Anchor component={Link} to={`/admin/content/${page.id}`} fw={600}>
            {page.title}
          </Anchor>
        </Group>
      ),
    },
    { key: 'flags', header: 'Status', render: (page) => <Flags page={page} /> },
    { key: 'sections', header: 'Sections', render: (page) => page.sectionsCount },
    {
      key: 'updatedAt',
      header: 'Updated',
      sortKey: 'updatedAt',
      render: (page) => <EventDate value={page.updatedAt} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (page) => (
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={`/admin/content/${page.id}/settings`}
            aria-label={`Settings of ${page.title}`}
          >
            Settings
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => askArchive(page)}
            aria-label={`${page.isArchived ? 'Unarchive' : 'Archive'} ${page.title}`}
          >
            {page.isArchived ? 'Unarchive' : 'Archive'}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => askDelete(page)}
            aria-label={`Delete ${page.title}`}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  const title = archived ? 'Archived content' : 'Content';
  return (
    <PageHeader
      title={title}
      breadcrumbs={archived ? contentCrumbs({ label: 'Archived' }) : contentCrumbs()}
      actions={
        <Button component={Link} to="/admin/content/add">
          Add page
        </Button>
      }
      quickLinks={
        archived
          ? [{ label: 'Content', to: '/admin/content' }]
          : [{ label: 'Archived content', to: '/admin/content/archived' }]
      }
      tips="Pages are sorted by title. A page shows to teams once published; restrict it to team types in its settings."
    >
      <AreaShortcuts area="content" current={archived ? 'archivedContent' : 'content'} />
      {list.isError ? (
        <LoadFailed title="The pages could not be loaded" error={list.error} retry={list.refetch} />
      ) : (
        <DataTable
          label={title}
          rows={list.data?.items ?? []}
          total={list.data?.total ?? 0}
          columns={columns}
          getRowId={(page) => page.id}
          params={params}
          isLoading={list.isPending}
          isFetching={list.isPlaceholderData}
          toolbar={
            <Group mb="md" align="flex-end">
              <ListSearch value={params.search} onSearch={params.setSearch} placeholder="Page title" />
              <Select
                label="Status"
                placeholder="Draft or published"
                data={CONTENT_STATUS_FILTERS.map((value) => ({ value, label: CONTENT_STATUS_LABELS[value] }))}
                value={status}
                onChange={(value) => params.setFilter('status', value)}
                clearable
                w={200}
              />
            </Group>
          }
          emptyState={
            <ListEmptyState
              filtered={params.hasFilters}
              onClearFilters={params.clearFilters}
              noun={archived ? 'archived pages' : 'pages'}
              add={archived ? undefined : { label: 'Add page', to: '/admin/content/add' }}
            />
          }
        />
      )}
    </PageHeader>
  );
}

/** /admin/content (moderator and above): pages by title, with search. */
export function ContentListScreen() {
  return <ContentList archived={false} />;
}

/** /admin/content/archived */
export function ArchivedContentScreen() {
  return <ContentList archived />;
}

export { ContentListScreen as Component };
