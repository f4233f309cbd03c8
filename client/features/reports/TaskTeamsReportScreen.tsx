import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import { reportDetailExportPath } from '../../../shared/reports/api';
import { TEAM_STATUS_SORTS, type TeamStatusRow } from '../../../shared/tasks/adminApi';
import { TASK_STATUS_FILTERS, TASK_STATUS_LABELS } from '../../../shared/tasks/dueStatus';
import { USER_ACTION_STATUS_LABELS, USER_ACTION_STATUSES } from '../../../shared/tasks/listFilters';
import { formatDate, formatDateTime } from '../../lib/format';
import { useEventDates, useSession } from '../../lib/session';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed } from '../../ui/QueryState';
import { useListParams } from '../../ui/useListParams';
import { StatusChip } from '../tasks/taskParts';
import { useTaskTeamsReport } from './api';
import { REPORT_LINKS, ReportExportMenu, reportCrumbs } from './parts';
import { ReportFilterBar } from './ReportFilterBar';

type Sort = (typeof TEAM_STATUS_SORTS)[number];
const USER_ACTION_OPTIONS = USER_ACTION_STATUSES.map((s) => ({
  value: s,
  label: USER_ACTION_STATUS_LABELS[s],
}));

/** /admin/reports/tasks/:taskId: every team's status of one task, who last changed it and when. */
export function TaskTeamsReportScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const taskId = useParams().taskId ?? '';
  const dates = useEventDates();
  const params = useListParams<Sort>('team', TEAM_STATUS_SORTS);
  const filters = {
    sort: params.sort,
    order: params.order,
    search: params.search || undefined,
    status: params.filters.status,
    actionStatus: params.filters.actionStatus,
  };
  const report = useTaskTeamsReport(eventId, taskId, { page: params.page, ...filters });
  const task = report.data?.task;
  const columns: DataTableColumn<TeamStatusRow, Sort>[] = [
    { key: 'team', header: 'Team', sortKey: 'team', render: (r) => r.teamName },
    { key: 'status', header: 'Status', sortKey: 'status', render: (r) => <StatusChip status={r.status} /> },
    { key: 'approval', header: 'Approval', render: (r) => r.approvalLabel ?? '—' },
    { key: 'updatedBy', header: 'Completed or changed by', render: (r) => r.updatedBy ?? '—' },
    {
      key: 'updatedAt',
      header: 'When',
      sortKey: 'updatedAt',
      render: (r) => (r.updatedAt ? formatDateTime(r.updatedAt, dates) : '—'),
    },
  ];

  return (
    <PageHeader
      title={task?.title ?? 'Task'}
      breadcrumbs={reportCrumbs(task?.title ?? 'Task', { label: 'Tasks', to: '/admin/reports/tasks' })}
      description={task ? `Due ${formatDate(task.dueDate, dates)}` : undefined}
      actions={
        <ReportExportMenu
          eventId={eventId}
          report="tasks"
          filters={filters}
          href={(format) => reportDetailExportPath(eventId, 'tasks', taskId, format, filters)}
        />
      }
      quickLinks={REPORT_LINKS}
    >
      {report.isError ? (
        <LoadFailed title="The task could not be loaded" error={report.error} retry={report.refetch} />
      ) : (
        <DataTable
          label="Teams of this task"
          rows={report.data?.items ?? []}
          total={report.data?.total ?? 0}
          columns={columns}
          getRowId={(r) => r.teamId}
          params={params}
          isLoading={report.isPending}
          isFetching={report.isPlaceholderData}
          toolbar={
            <ReportFilterBar
              searchLabel="Team name"
              fields={[
                {
                  name: 'status',
                  label: 'Status',
                  options: TASK_STATUS_FILTERS.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] })),
                },
                { name: 'actionStatus', label: 'User action status', options: USER_ACTION_OPTIONS },
              ]}
            />
          }
          emptyState={
            params.hasFilters ? (
              <ListEmptyState filtered onClearFilters={params.clearFilters} noun="teams" />
            ) : (
              <Text>No team sees this task.</Text>
            )
          }
        />
      )}
    </PageHeader>
  );
}

export { TaskTeamsReportScreen as Component };
