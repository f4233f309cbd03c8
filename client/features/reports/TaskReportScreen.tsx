import { Anchor, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  TASK_DUE_STATUS_LABELS,
  TASK_DUE_STATUSES,
  TASK_REPORT_SORTS,
  type TaskReportRow,
} from '../../../shared/reports/api';
import { TASK_STATUS_FILTERS, TASK_STATUS_LABELS } from '../../../shared/tasks/dueStatus';
import { isTaskId, TASK_ID_ERROR } from '../../../shared/tasks/listFilters';
import { formatDate } from '../../lib/format';
import { useEventDates, useSession } from '../../lib/session';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed } from '../../ui/QueryState';
import { useListParams } from '../../ui/useListParams';
import { StatusChip, TYPE_OPTIONS } from '../tasks/taskParts';
import { useReportFilters, useTaskReport } from './api';
import { percent, REPORT_LINKS, ReportExportMenu, reportCrumbs } from './parts';
import { ReportFilterBar } from './ReportFilterBar';

type Sort = (typeof TASK_REPORT_SORTS)[number];
const FILTERS = ['status', 'type', 'groupId', 'teamTypeId', 'dueStatus', 'taskId'] as const;

function columns(dates: ReturnType<typeof useEventDates>): DataTableColumn<TaskReportRow, Sort>[] {
  return [
    {
      key: 'title',
      header: 'Task',
      sortKey: 'title',
      render: (t) => (
        <Stack gap={0}>
          <Anchor component={Link} to={`/admin/reports/tasks/${t.id}`} fw={600}>
            {t.title}
          </Anchor>
          {t.groupTitle && (
            <Text size="xs" c="dimmed">
              {t.groupTitle}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'dueDate', header: 'Due date', sortKey: 'dueDate', render: (t) => formatDate(t.dueDate, dates) },
    { key: 'teams', header: 'Teams', render: (t) => t.teams.toLocaleString() },
    {
      key: 'completion',
      header: 'Complete',
      sortKey: 'completion',
      render: (t) => {
        const counted = t.teams - t.counts['n/a'];
        return (
          <Stack gap={2} miw={120}>
            <Text size="sm">
              {t.counts.complete.toLocaleString()} of {counted.toLocaleString()} (
              {percent(t.counts.complete, counted)}%)
            </Text>
            <Progress value={percent(t.counts.complete, counted)} aria-hidden size="sm" />
          </Stack>
        );
      },
    },
    {
      key: 'open',
      header: 'Not complete',
      sortKey: 'overdue',
      render: (t) => {
        const status =
          t.dueStatus === 'overdue' ? 'overdue' : t.dueStatus === 'dueSoon' ? 'dueSoon' : 'incomplete';
        return (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm">{t.counts[status].toLocaleString()}</Text>
            <StatusChip status={status} />
          </Group>
        );
      },
    },
    { key: 'na', header: 'N/A', render: (t) => t.counts['n/a'].toLocaleString() },
  ];
}

/** /admin/reports/tasks: per task, how the teams it applies to stand (complete, open by due status, n/a). */
export function TaskReportScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const dates = useEventDates();
  const params = useListParams<Sort>('dueDate', TASK_REPORT_SORTS);
  const filters = Object.fromEntries(FILTERS.map((name) => [name, params.filters[name]]));
  const query = {
    page: params.page,
    sort: params.sort,
    order: params.order,
    search: params.search,
    ...filters,
  };
  const report = useTaskReport(eventId, query);
  const options = useReportFilters(eventId);

  const toolbar = (
    <ReportFilterBar
      searchLabel="Task title"
      fields={[
        {
          name: 'status',
          label: 'Status',
          options: TASK_STATUS_FILTERS.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] })),
        },
        { name: 'type', label: 'Type', options: TYPE_OPTIONS },
        {
          name: 'groupId',
          label: 'Group',
          options: [
            ...(options.data?.taskGroups ?? []).map((g) => ({ value: g.id, label: g.title })),
            { value: 'unassigned', label: 'No group' },
          ],
        },
        {
          name: 'teamTypeId',
          label: 'Team type',
          options: (options.data?.teamTypes ?? []).map((t) => ({ value: t.id, label: t.name })),
        },
        {
          name: 'dueStatus',
          label: 'Due status',
          options: TASK_DUE_STATUSES.map((u) => ({ value: u, label: TASK_DUE_STATUS_LABELS[u] })),
        },
        {
          name: 'taskId',
          label: 'Task id',
          placeholder: 'Paste a task id',
          invalid: (value) => (isTaskId(value) ? null : TASK_ID_ERROR),
        },
      ]}
    />
  );

  return (
    <PageHeader
      title="Task report"
      breadcrumbs={reportCrumbs('Tasks')}
      description="Every task across the teams it applies to. Organiser teams are not counted."
      actions={
        <ReportExportMenu
          eventId={eventId}
          report="tasks"
          filters={{ ...filters, search: params.search, sort: params.sort, order: params.order }}
        />
      }
      quickLinks={REPORT_LINKS.filter((l) => l.label !== 'Tasks')}
    >
      {report.isError ? (
        <>
          {toolbar}
          <LoadFailed
            title="The task report could not be loaded"
            error={report.error}
            retry={report.refetch}
          />
        </>
      ) : (
        <DataTable
          label="Task report"
          rows={report.data?.items ?? []}
          total={report.data?.total ?? 0}
          columns={columns(dates)}
          getRowId={(t) => t.id}
          params={params}
          isLoading={report.isPending}
          isFetching={report.isPlaceholderData}
          toolbar={toolbar}
          emptyState={
            <ListEmptyState filtered={params.hasFilters} onClearFilters={params.clearFilters} noun="tasks" />
          }
        />
      )}
    </PageHeader>
  );
}

export { TaskReportScreen as Component };
