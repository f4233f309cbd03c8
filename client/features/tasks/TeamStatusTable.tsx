import { Anchor, Badge, Button, Group, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { can } from '../../../shared/auth/permissions';
import { TEAM_STATUS_SORTS, type TeamStatusRow } from '../../../shared/tasks/adminApi';
import {
  TASK_STATUS_FILTERS,
  TASK_STATUS_LABELS,
  type TaskStatusFilter,
} from '../../../shared/tasks/dueStatus';
import {
  toUserActionStatus,
  USER_ACTION_STATUS_LABELS,
  USER_ACTION_STATUSES,
} from '../../../shared/tasks/listFilters';
import type { ProgressStatus } from '../../../shared/tasks/schema';
import { type DateContext, formatDate, formatDateTime } from '../../lib/format';
import { useEventDates, useSession } from '../../lib/session';
import { useConfirm } from '../../ui/confirm';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { useFeedback } from '../../ui/FeedbackBanner';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { ListSearch } from '../../ui/ListSearch';
import { LoadFailed } from '../../ui/QueryState';
import { useListParams } from '../../ui/useListParams';
import { TeamTaskDrawer } from './TeamTaskDrawer';
import { StatusChip } from './taskParts';
import { type TeamStatusSort, useBulkSetStatus, useTeamStatuses } from './tasksApi';

const STATUS_OPTIONS = TASK_STATUS_FILTERS.map((value) => ({ value, label: TASK_STATUS_LABELS[value] }));
const USER_ACTION_OPTIONS = USER_ACTION_STATUSES.map((value) => ({
  value,
  label: USER_ACTION_STATUS_LABELS[value],
}));
const toStatus = (value: string | undefined): TaskStatusFilter | null =>
  TASK_STATUS_FILTERS.find((status) => status === value) ?? null;
const BULK: { progress: ProgressStatus; label: string }[] = [
  { progress: 'complete', label: 'Complete' },
  { progress: 'n/a', label: 'N/A' },
  { progress: 'incomplete', label: 'Incomplete' },
];

function columns(
  dates: DateContext,
  open: (row: TeamStatusRow) => void,
): DataTableColumn<TeamStatusRow, TeamStatusSort>[] {
  return [
    {
      key: 'team',
      header: 'Team',
      sortKey: 'team',
      render: (row) => (
        <Anchor component={Link} to={`/admin/teams/${row.teamId}`} fw={600}>
          {row.teamName}
        </Anchor>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      sortKey: 'status',
      render: (row) => <StatusChip status={row.status} />,
    },
    {
      key: 'assigned',
      header: 'Assigned',
      render: (row) =>
        row.assignedTo.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nobody
          </Text>
        ) : (
          row.assignedTo.map((person) => person.name).join(', ')
        ),
    },
    {
      key: 'approval',
      header: 'Approval',
      render: (row) =>
        row.approvalLabel ? (
          <Badge variant="outline" color={row.approvalStatus === 'rejected' ? 'red' : 'gray'}>
            {row.approvalLabel}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      key: 'updatedAt',
      header: 'Last change',
      sortKey: 'updatedAt',
      render: (row) =>
        row.updatedAt ? (
          <div>
            <Text size="sm">{formatDateTime(row.updatedAt, dates)}</Text>
            {row.updatedBy && (
              <Text size="xs" c="dimmed">
                by {row.updatedBy}
              </Text>
            )}
          </div>
        ) : (
          <Text size="sm" c="dimmed">
            No change yet
          </Text>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (row) => (
        <Button size="xs" variant="default" aria-label={`Open ${row.teamName}`} onClick={() => open(row)}>
          Open
        </Button>
      ),
    },
  ];
}

/**
 * Every team's status of one task (moderator and above): paged, sorted and filtered by the server,
 * with bulk Complete / N/A / Incomplete for the selected teams after a confirmation; a team's row
 * opens its side of the task in a drawer.
 */
export function TeamStatusTable({ taskId }: { taskId: string }) {
  const { event, level } = useSession();
  const eventId = event?.id ?? '';
  const dates = useEventDates();
  const params = useListParams<TeamStatusSort>('team', TEAM_STATUS_SORTS);
  const status = toStatus(params.filters.status);
  const actionStatus = toUserActionStatus(params.filters.actionStatus);
  const statuses = useTeamStatuses(eventId, taskId, {
    page: params.page,
    sort: params.sort,
    order: params.order,
    search: params.search,
    status,
    actionStatus,
  });
  const bulk = useBulkSetStatus(eventId, taskId);
  // The open team's row, refreshed from the list while it shows (its status changes as the team works).
  const [opened, setOpened] = useState<TeamStatusRow | null>(null);
  const openRow = opened && (statuses.data?.items.find((r) => r.teamId === opened.teamId) ?? opened);
  const confirm = useConfirm();
  const feedback = useFeedback();

  const askBulk = (progress: ProgressStatus, label: string) => (teamIds: string[]) =>
    confirm({
      title: `Set ${label}`,
      message: `The status of ${teamIds.length} team(s) will be set to ${label}.`,
      confirmLabel: `Set ${label}`,
      onConfirm: () =>
        bulk.mutate(
          { teamIds, progressStatus: progress },
          {
            onSuccess: (result) => {
              const refused = result.refused.length;
              const message = `${result.updated} team(s) set to ${label}${
                result.unchanged ? `, ${result.unchanged} already were` : ''
              }${refused ? `; ${refused} refused: ${result.refused[0].message}` : ''}`;
              if (refused) feedback.show('warning', message);
              else feedback.success(message);
            },
            onError: (error) => feedback.error(error),
          },
        ),
    });

  const toolbar = (
    <Group align="flex-end" gap="md" mb="md" wrap="wrap">
      <ListSearch
        value={params.search}
        onSearch={params.setSearch}
        label="Search teams"
        placeholder="Team name"
      />
      <Select
        label="Status"
        placeholder="Any status"
        data={STATUS_OPTIONS}
        value={status}
        onChange={(value) => params.setFilter('status', value)}
        clearable
        w={170}
      />
      <Select
        label="User action status"
        placeholder="Any action status"
        data={USER_ACTION_OPTIONS}
        value={actionStatus}
        onChange={(value) => params.setFilter('actionStatus', value)}
        clearable
        w={200}
      />
      {statuses.data && (
        <Text size="sm" c="dimmed" mb={8}>
          Due {formatDate(statuses.data.task.dueDate, dates)}; statuses as of{' '}
          {formatDate(statuses.data.today, dates)}
        </Text>
      )}
    </Group>
  );

  if (statuses.isError) {
    return (
      <>
        {toolbar}
        <LoadFailed
          title="The teams' statuses could not be loaded"
          error={statuses.error}
          retry={statuses.refetch}
        />
      </>
    );
  }
  return (
    <>
      <DataTable
        label="Team statuses"
        rows={statuses.data?.items ?? []}
        total={statuses.data?.total ?? 0}
        columns={columns(dates, setOpened)}
        getRowId={(row) => row.teamId}
        params={params}
        isLoading={statuses.isPending}
        isFetching={statuses.isPlaceholderData}
        selection="multi"
        // Spec: bulk table actions show only when the viewer is not known to be a non-admin.
        canBulk={can(level, 'admin')}
        bulkActions={BULK.map(({ progress, label }) => ({
          label: `Set ${label}`,
          onClick: askBulk(progress, label),
        }))}
        toolbar={toolbar}
        emptyState={
          <ListEmptyState filtered={params.hasFilters} onClearFilters={params.clearFilters} noun="teams" />
        }
      />
      {statuses.data && (
        <TeamTaskDrawer
          taskId={taskId}
          taskType={statuses.data.task.type}
          row={openRow}
          dates={dates}
          onClose={() => setOpened(null)}
        />
      )}
    </>
  );
}
