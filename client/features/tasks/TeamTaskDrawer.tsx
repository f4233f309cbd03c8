import { Anchor, Badge, Drawer, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { TeamStatusRow } from '../../../shared/tasks/adminApi';
import type { TaskType } from '../../../shared/tasks/schema';
import { type DateContext, formatDateTime } from '../../lib/format';
import { ApprovalReview } from './ApprovalReview';
import { StatusChip } from './taskParts';
import { TeamTaskPanel } from './team/TeamTaskPanel';

/**
 * One team's side of a task, opened from its row of the admin task screen: the team's status (with
 * approve or reject while it awaits approval), then its assignees, disclaimer, uploads and comments,
 * where the organiser can answer the team.
 */
export function TeamTaskDrawer(props: {
  taskId: string;
  taskType: TaskType;
  row: TeamStatusRow | null;
  dates: DateContext;
  onClose: () => void;
}) {
  const { row } = props;
  return (
    <Drawer
      opened={row !== null}
      onClose={props.onClose}
      position="right"
      size="lg"
      title={row?.teamName ?? 'Team'}
      closeButtonProps={{ 'aria-label': 'Close the team' }}
    >
      {row && (
        <Stack gap="md">
          <Group gap="xs">
            <StatusChip status={row.status} />
            {row.approvalLabel && (
              <Badge variant="outline" color={row.approvalStatus === 'rejected' ? 'red' : 'gray'}>
                {row.approvalLabel}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {row.updatedAt
              ? `Last change ${formatDateTime(row.updatedAt, props.dates)}${row.updatedBy ? ` by ${row.updatedBy}` : ''}`
              : 'No change yet'}
          </Text>
          {row.approvalStatus === 'pending' && <ApprovalReview taskId={props.taskId} teamId={row.teamId} />}
          <Anchor component={Link} to={`/admin/teams/${row.teamId}`} size="sm" w="fit-content">
            Open the team's page
          </Anchor>
          <TeamTaskPanel taskId={props.taskId} teamId={row.teamId} taskType={props.taskType} />
        </Stack>
      )}
    </Drawer>
  );
}
