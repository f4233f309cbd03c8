import { Anchor, Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { FORM_REPORT_SORTS, type FormReportRow, type FormReportSort } from '../../../shared/reports/formsApi';
import { useSession } from '../../lib/session';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed } from '../../ui/QueryState';
import { useListParams } from '../../ui/useListParams';
import { useFormReport, useReportFilters } from './api';
import { percent, REPORT_LINKS, ReportExportMenu, reportCrumbs } from './parts';
import { ReportFilterBar } from './ReportFilterBar';

const FILTERS = ['teamTypeId'] as const;

const COLUMNS: DataTableColumn<FormReportRow, FormReportSort>[] = [
  {
    key: 'title',
    header: 'Form',
    sortKey: 'title',
    render: (f) => (
      <Group gap="xs" wrap="nowrap">
        <Anchor component={Link} to={`/admin/reports/forms/${f.id}`} fw={600}>
          {f.title}
        </Anchor>
        {f.isPublic && (
          <Badge variant="light" color="gray" c="dark.9">
            Public
          </Badge>
        )}
      </Group>
    ),
  },
  { key: 'teams', header: 'Teams', render: (f) => f.teams.toLocaleString() },
  {
    key: 'submitted',
    header: 'Submitted',
    sortKey: 'submitted',
    render: (f) => (
      <Stack gap={2} miw={120}>
        <Text size="sm">
          {f.submitted.toLocaleString()} of {f.teams.toLocaleString()} ({percent(f.submitted, f.teams)}%)
        </Text>
        <Progress value={percent(f.submitted, f.teams)} aria-hidden size="sm" color="green" />
      </Stack>
    ),
  },
  { key: 'draft', header: 'Draft only', render: (f) => f.draft.toLocaleString() },
  {
    key: 'notStarted',
    header: 'Not started',
    sortKey: 'notStarted',
    render: (f) => f.notStarted.toLocaleString(),
  },
  {
    key: 'submissions',
    header: 'Submissions',
    render: (f) =>
      f.guestSubmissions > 0
        ? `${f.submissions.toLocaleString()} + ${f.guestSubmissions.toLocaleString()} from guests`
        : f.submissions.toLocaleString(),
  },
];

/** /admin/reports/forms: per published form, the teams that submitted, have only a draft, or have not started. */
export function FormReportScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const params = useListParams<FormReportSort>('title', FORM_REPORT_SORTS);
  const filters = Object.fromEntries(FILTERS.map((name) => [name, params.filters[name]]));
  const report = useFormReport(eventId, {
    page: params.page,
    sort: params.sort,
    order: params.order,
    search: params.search,
    ...filters,
  });
  const options = useReportFilters(eventId);

  const toolbar = (
    <ReportFilterBar
      searchLabel="Form title"
      fields={[
        {
          name: 'teamTypeId',
          label: 'Team type',
          options: (options.data?.teamTypes ?? []).map((t) => ({ value: t.id, label: t.name })),
        },
      ]}
    />
  );

  return (
    <PageHeader
      title="Form report"
      breadcrumbs={reportCrumbs('Forms')}
      description="Published forms across the teams that see them. Only submitted forms count: a draft is not a submission. Organiser teams are not counted."
      actions={
        <ReportExportMenu
          eventId={eventId}
          report="forms"
          filters={{ ...filters, search: params.search, sort: params.sort, order: params.order }}
        />
      }
      quickLinks={REPORT_LINKS.filter((l) => l.label !== 'Forms')}
    >
      {report.isError ? (
        <>
          {toolbar}
          <LoadFailed
            title="The form report could not be loaded"
            error={report.error}
            retry={report.refetch}
          />
        </>
      ) : (
        <DataTable
          label="Form report"
          rows={report.data?.items ?? []}
          total={report.data?.total ?? 0}
          columns={COLUMNS}
          getRowId={(f) => f.id}
          params={params}
          isLoading={report.isPending}
          isFetching={report.isPlaceholderData}
          toolbar={toolbar}
          emptyState={
            <ListEmptyState
              filtered={params.hasFilters}
              onClearFilters={params.clearFilters}
              noun="published forms"
            />
          }
        />
      )}
    </PageHeader>
  );
}

export { FormReportScreen as Component };
