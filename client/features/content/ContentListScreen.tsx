import { Anchor, Badge, Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import type { ContentRow } from '../../../shared/content/api';
import { CONTENT_SORTS } from '../../../shared/content/api';
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
import { type ContentSort, useArchiveContent, useContentList, useDeleteContent } from './api';
import { MaterialIcon } from './MaterialIcon';
import { contentCrumbs } from './parts';

function Flags({ page }: { page: ContentRow }) {
  return (
    <Group gap={4}>
      <Badge variant="light" color={page.isPublished ? 'green' : 'gray'}>
        {page.isPublished ? 'Published' : 'Draft'}
      </Badge>
      {page.isPublic && <Badge variant="outline">Public</Badge>}
      {page.isFeatured && <Badge variant="outline">Featured</Badge>}
      {page.allowedTeamTypeIds.length > 0 && <Badge variant="outline">Restricted</Badge>}
    </Group>
  );
}

function ContentList({ archived }: { archived: boolean }) {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const params = useListParams<ContentSort>('title', CONTENT_SORTS);
  const list = useContentList(eventId, { ...params, archived });
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
            <Group mb="md">
              <ListSearch value={params.search} onSearch={params.setSearch} placeholder="Page title" />
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
