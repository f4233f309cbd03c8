import { Anchor, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { MyTask } from '../../../shared/tasks/api';
import { mentionName } from '../../../shared/tasks/commentRules';
import { TASK_TYPE_LABELS } from '../../../shared/tasks/constants';
import {
  matchesStatusFilter,
  TASK_STATUS_FILTERS,
  TASK_STATUS_LABELS,
  type TaskStatusFilter,
} from '../../../shared/tasks/dueStatus';
import type { TeamWorkSummary } from '../../../shared/tasks/teamWork';
import { matchesUrgency, toUrgencyFilter } from '../../../shared/tasks/urgency';
import { useSession } from '../../lib/session';
import { EventDate } from '../../ui/EventDate';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { StatusChip, TYPE_OPTIONS, toTaskType, URGENCY_OPTIONS } from './taskParts';
import { useMyTasks } from './tasksApi';
import { ApprovalBadge, ProgressActions } from './team/TaskActions';
import { useTeamWorkSummary } from './teamTasksApi';

// The drawer (comments, uploads, assignees: about 40 KB gzipped with the assignee picker) is not
// part of the list's first load: it is fetched when a task is about to open (a pointer over or a
// finger on a task, keyboard focus on it) or opened from its address. Fetching it right after the
// list took /tasks over its 300 KB budget on a cold phone (decision 0041).
const loadDrawer = () => import('./team/MyTaskDrawer').then((m) => ({ default: m.MyTaskDrawer }));
const prefetchDrawer = () => void loadDrawer();
const MyTaskDrawer = lazy(loadDrawer);

type Work = TeamWorkSummary['tasks'][number];
const STATUS_OPTIONS = TASK_STATUS_FILTERS.map((value) => ({ value, label: TASK_STATUS_LABELS[value] }));
const toStatus = (value: string | null): TaskStatusFilter | null =>
  TASK_STATUS_FILTERS.find((status) => status === value) ?? null;

function TaskLine(props: { task: MyTask; work?: Work; names: Map<string, string>; search: string }) {
  const { task, work, names } = props;
  const assigned = (work?.assignedTo ?? []).map((id) => names.get(id) ?? 'Former member');
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Anchor
            component={Link}
            to={`/tasks/${task.id}${props.search}`}
            fw={600}
            onPointerEnter={prefetchDrawer}
            onTouchStart={prefetchDrawer}
            onFocus={prefetchDrawer}
          >
            {task.title}
          </Anchor>
          <Text size="sm" c="dimmed">
            Due <EventDate value={task.dueDate} /> · {TASK_TYPE_LABELS[task.type]}
            {task.isRequired ? ' · Required' : ''}
          </Text>
          {assigned.length > 0 && <Text size="sm">Assigned to {assigned.join(', ')}</Text>}
        </Stack>
        <Group gap="xs">
          {(work?.commentsCount ?? 0) > 0 && (
            <Group gap={4} aria-label={`${work?.commentsCount} comments`} role="img">
              <IconMessage size={16} aria-hidden />
              <Text size="sm" aria-hidden>
                {work?.commentsCount}
              </Text>
            </Group>
          )}
          <StatusChip status={task.status} />
          <ApprovalBadge task={task} />
          <ProgressActions task={task} />
        </Group>
      </Group>
    </Paper>
  );
}

/** Status and type filters of the team's list, kept in the URL (?status=overdue&type=upload). */
function useTaskFilters() {
  const [params, setParams] = useSearchParams();
  const status = toStatus(params.get('status'));
  const type = toTaskType(params.get('type'));
  const urgency = toUrgencyFilter(params.get('urgency'));
  const set = (name: 'status' | 'type' | 'urgency', value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const clear = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('status');
      next.delete('type');
      next.delete('urgency');
      return next;
    });
  const keep = (task: MyTask) =>
    (status === null || matchesStatusFilter(task.status, status)) &&
    (type === null || task.type === type) &&
    matchesUrgency(task.isTimeSensitive, urgency);
  return {
    status,
    type,
    urgency,
    set,
    clear,
    keep,
    search: params.toString() ? `?${params.toString()}` : '',
  };
}

/** /tasks and /tasks/:taskId: the team's tasks grouped by task group; a task opens in a drawer. */
export function MyTasksScreen() {
  const { event } = useSession();
  const { taskId } = useParams();
  const navigate = useNavigate();
  const mine = useMyTasks(event?.id ?? '');
  const summary = useTeamWorkSummary(event?.id ?? '');
  const filters = useTaskFilters();
  const tasks = mine.data?.sections.flatMap((s) => s.tasks) ?? [];
  const open = taskId ? tasks.find((task) => task.id === taskId) : undefined;
  const [drawerWanted, setDrawerWanted] = useState(taskId !== undefined);
  if (taskId !== undefined && !drawerWanted) setDrawerWanted(true);
  const workByTask = new Map((summary.data?.tasks ?? []).map((w) => [w.taskId, w]));
  const names = new Map((summary.data?.members ?? []).map((m) => [m.id, mentionName(m)]));
  const sections = (mine.data?.sections ?? [])
    .map((section) => ({ ...section, tasks: section.tasks.filter(filters.keep) }))
    .filter((section) => section.tasks.length > 0);

  return (
    <PageHeader title="Tasks" breadcrumbs={[{ label: 'Tasks' }]}>
      {mine.isPending ? (
        <Loading label="Loading your tasks" />
      ) : mine.isError ? (
        <LoadFailed title="Your tasks could not be loaded" error={mine.error} retry={mine.refetch} />
      ) : mine.data.teamId === null ? (
        <Paper withBorder p="xl" ta="center" radius="md">
          <Text>You are not in a team, so there are no tasks for you here.</Text>
        </Paper>
      ) : mine.data.sections.length === 0 ? (
        <Paper withBorder p="xl" ta="center" radius="md">
          <Text>There are no tasks for your team yet.</Text>
        </Paper>
      ) : (
        <Stack gap="lg">
          <Group gap="sm" align="flex-end">
            {/* The phone's own picker: Mantine's Select would add its combobox (~35 KB gzipped). */}
            <NativeSelect
              label="Status"
              data={[{ value: '', label: 'Any status' }, ...STATUS_OPTIONS]}
              value={filters.status ?? ''}
              onChange={(event) => filters.set('status', event.currentTarget.value || null)}
              w={180}
            />
            <NativeSelect
              label="Type"
              data={[{ value: '', label: 'Any type' }, ...TYPE_OPTIONS]}
              value={filters.type ?? ''}
              onChange={(event) => filters.set('type', event.currentTarget.value || null)}
              w={180}
            />
            <NativeSelect
              label="Urgency"
              data={[{ value: '', label: 'Any urgency' }, ...URGENCY_OPTIONS]}
              value={filters.urgency ?? ''}
              onChange={(event) => filters.set('urgency', event.currentTarget.value || null)}
              w={180}
            />
          </Group>
          {sections.length === 0 ? (
            <ListEmptyState filtered noun="tasks" onClearFilters={filters.clear} />
          ) : (
            sections.map((section) => (
              <Stack
                key={section.groupId}
                gap="xs"
                component="section"
                aria-labelledby={`group-${section.groupId}`}
              >
                <Title order={2} size="h4" id={`group-${section.groupId}`}>
                  {section.title}
                </Title>
                {section.tasks.map((task) => (
                  <TaskLine
                    key={task.id}
                    task={task}
                    work={workByTask.get(task.id)}
                    names={names}
                    search={filters.search}
                  />
                ))}
              </Stack>
            ))
          )}
        </Stack>
      )}
      {/* Mounted from the first opened task on, so the drawer keeps its closing transition. */}
      {drawerWanted && (
        <Suspense fallback={taskId ? <Loading label="Loading the task" /> : null}>
          <MyTaskDrawer
            opened={taskId !== undefined && !mine.isPending}
            onClose={() => navigate(`/tasks${filters.search}`)}
            task={open}
            teamId={mine.data?.teamId ?? undefined}
          />
        </Suspense>
      )}
    </PageHeader>
  );
}

export { MyTasksScreen as Component };
