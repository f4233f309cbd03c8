import { Anchor, Badge, Button, Group, Select } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { SUBMISSION_SORTS, type SubmissionSummary } from '../../../../shared/forms/submissionsApi';
import { formatDateTime } from '../../../lib/format';
import { useEventDates, useSession } from '../../../lib/session';
import { useConfirm } from '../../../ui/confirm';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { useFeedback } from '../../../ui/FeedbackBanner';
import { ListEmptyState } from '../../../ui/ListEmptyState';
import { ListSearch } from '../../../ui/ListSearch';
import { PageHeader } from '../../../ui/PageHeader';
import { LoadFailed } from '../../../ui/QueryState';
import { useListParams } from '../../../ui/useListParams';
import { TeamTypeSelect } from '../../people/teamParts';
import { formsCrumbs } from '../parts';
import { exportUrl, useDeleteSubmissions, useSubmissions } from './fillApi';
import { TeamFilter } from './TeamFilter';

type Sort = (typeof SUBMISSION_SORTS)[number];
const STATES = [
  { value: 'submitted', label: 'Submitted' },
  { value: 'draft', label: 'Draft' },
];

/** /admin/forms/:formId/submissions (moderator and above): every team's and guest's answers. */
export function SubmissionsScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const dates = useEventDates();
  const formId = useParams().formId ?? '';
  // Spec: submissions sort by updatedAt; the newest first.
  const params = useListParams<Sort>('updatedAt', SUBMISSION_SORTS, 'desc');
  const state =
    params.filters.state === 'draft' || params.filters.state === 'submitted'
      ? params.filters.state
      : undefined;
  const { page, sort, order, search } = params;
  const teamTypeId = params.filters.teamTypeId ?? null;
  const teamId = params.filters.teamId ?? null;
  const list = useSubmissions(eventId, formId, {
    page,
    sort,
    order,
    search,
    state,
    teamTypeId: teamTypeId ?? undefined,
    teamId: teamId ?? undefined,
  });
  const remove = useDeleteSubmissions(eventId, formId);
  const confirm = useConfirm();
  const feedback = useFeedback();
  const formTitle = list.data?.formTitle ?? 'Form';

  const askDelete = (ids: string[]) =>
    confirm({
      title: ids.length === 1 ? 'Delete 1 submission' : `Delete ${ids.length} submissions`,
      message:
        'The answers will be deleted for good. A team left without a submission has the form task linked to this form set incomplete again.',
      confirmLabel: 'Delete',
      color: 'red',
      onConfirm: () =>
        remove.mutateAsync(ids, {
          onSuccess: () => feedback.success('Submissions deleted successfully'),
          onError: (error) => feedback.error(error),
        }),
    });

  const columns: DataTableColumn<SubmissionSummary, Sort>[] = [
    {
      key: 'team',
      header: 'Team',
      sortKey: 'teamName',
      render: (row) => (
        <Anchor component={Link} to={`/admin/forms/${formId}/submissions/${row.id}/edit`} fw={600}>
          {row.isGuest ? 'Guest' : row.teamName || 'No team'}
        </Anchor>
      ),
    },
    { key: 'by', header: 'Submitted by', render: (row) => row.updatedByName },
    {
      key: 'state',
      header: 'State',
      sortKey: 'isDraft',
      render: (row) => (
        <Group gap={4}>
          <Badge variant="light" color={row.isDraft ? 'yellow' : 'green'} c="dark.9">
            {row.isDraft ? 'Draft' : 'Submitted'}
          </Badge>
          {row.isGuest && <Badge variant="outline">Guest</Badge>}
        </Group>
      ),
    },
    {
      key: 'updatedAt',
      header: 'Updated',
      sortKey: 'updatedAt',
      render: (row) => formatDateTime(row.updatedAt, dates),
    },
  ];

  return (
    <PageHeader
      title={`${formTitle}: submissions`}
      breadcrumbs={formsCrumbs({ label: formTitle, to: `/admin/forms/${formId}` }, { label: 'Submissions' })}
      actions={
        <Group gap="sm">
          <Button component="a" href={exportUrl(eventId, formId, 'xlsx')} variant="default">
            Export XLSX
          </Button>
          <Button component="a" href={exportUrl(eventId, formId, 'csv')} variant="default">
            Export CSV
          </Button>
        </Group>
      }
      tips="Submissions are sorted by when they were last saved, the newest first. Drafts are answers a team has not submitted yet."
    >
      {list.isError ? (
        <LoadFailed title="The submissions could not be loaded" error={list.error} retry={list.refetch} />
      ) : (
        <DataTable
          label="Submissions"
          rows={list.data?.items ?? []}
          total={list.data?.total ?? 0}
          columns={columns}
          getRowId={(row) => row.id}
          params={params}
          isLoading={list.isPending}
          isFetching={list.isPlaceholderData}
          selection="multi"
          bulkActions={[{ label: 'Delete', color: 'red', onClick: askDelete }]}
          toolbar={
            <Group mb="md" align="flex-end" wrap="wrap">
              <ListSearch value={params.search} onSearch={params.setSearch} placeholder="Team or person" />
              <Select
                label="State"
                placeholder="Any"
                data={STATES}
                value={state ?? null}
                clearable
                onChange={(value) => params.setFilter('state', value)}
                w={160}
              />
              <TeamTypeSelect
                label="Team type"
                placeholder="Any"
                value={teamTypeId}
                onChange={(value) => params.setFilter('teamTypeId', value)}
                w={200}
              />
              <TeamFilter
                eventId={eventId}
                teamTypeId={teamTypeId}
                value={teamId}
                onChange={(value) => params.setFilter('teamId', value)}
              />
            </Group>
          }
          emptyState={
            <ListEmptyState
              filtered={params.hasFilters}
              onClearFilters={params.clearFilters}
              noun="submissions"
            />
          }
        />
      )}
    </PageHeader>
  );
}

export { SubmissionsScreen as Component };
