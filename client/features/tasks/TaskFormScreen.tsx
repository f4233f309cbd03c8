import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  AVAILABLE_TASK_TYPES,
  TASK_TYPE_LABELS,
  type TaskDetail,
  taskBodySchema,
} from '../../../shared/tasks/api';
import { fieldErrors, issuesByPath } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { useTeamTypes } from '../people/teamsApi';
import { LoadFailed, Loading, TaskGroupSelect } from './taskParts';
import { useArchiveTask, useSaveTask, useTask } from './tasksApi';

const TYPE_CHOICES = AVAILABLE_TASK_TYPES.map((value) => ({ value, label: TASK_TYPE_LABELS[value] }));
const crumbs = (last: string) => [
  { label: 'Admin', to: '/admin' },
  { label: 'Tasks', to: '/admin/tasks' },
  { label: last },
];

type Values = {
  title: string;
  dueDate: string;
  description: string;
  type: string;
  externalLink: string;
  isTimeSensitive: boolean;
  isApprovalNeeded: boolean;
  disclaimer: string;
  teamTypeIds: string[];
  showToChildTeams: boolean;
  isRequired: boolean;
  groupId: string | null;
};

const EMPTY: Values = {
  title: '',
  dueDate: '',
  description: '',
  type: 'task',
  externalLink: '',
  isTimeSensitive: false,
  isApprovalNeeded: false,
  disclaimer: '',
  teamTypeIds: [],
  showToChildTeams: false,
  isRequired: false,
  groupId: null,
};

function valuesOf(task: TaskDetail): Values {
  const { title, dueDate, description, type, externalLink, isTimeSensitive, isApprovalNeeded } = task;
  const { disclaimer, teamTypeIds, showToChildTeams, isRequired, groupId } = task;
  return {
    ...{ title, dueDate, description, type, externalLink, isTimeSensitive, isApprovalNeeded },
    ...{ disclaimer, teamTypeIds, showToChildTeams, isRequired, groupId },
  };
}

/** The task form (spec fields); the description is plain text until the rich text editor arrives. */
function TaskForm({ eventId, task }: { eventId: string; task: TaskDetail | null }) {
  const [values, setValues] = useState<Values>(task ? valuesOf(task) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveTask(eventId, task?.id ?? null);
  const types = useTeamTypes(eventId);
  const feedback = useFeedback();
  const navigate = useNavigate();
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = taskBodySchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        feedback.success(task ? 'The task has been saved' : 'The task has been added');
        navigate('/admin/tasks');
      },
      onError: (error) => {
        setErrors(fieldErrors(error));
        feedback.error(error);
      },
    });
  }

  const checkbox = (
    key: 'isTimeSensitive' | 'isApprovalNeeded' | 'showToChildTeams' | 'isRequired',
    label: string,
  ) => <Checkbox label={label} checked={values[key]} onChange={(e) => set(key, e.currentTarget.checked)} />;

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate maw={720}>
      <Stack gap="md">
        <TextInput
          label="Title"
          required
          value={values.title}
          error={errors.title}
          onChange={(e) => set('title', e.currentTarget.value)}
        />
        <TextInput
          label="Due date"
          type="date"
          required
          value={values.dueDate}
          error={errors.dueDate}
          onChange={(e) => set('dueDate', e.currentTarget.value)}
        />
        <Textarea
          label="Description"
          rows={4}
          value={values.description}
          error={errors.description}
          onChange={(e) => set('description', e.currentTarget.value)}
        />
        <Select
          label="Type"
          data={TYPE_CHOICES}
          value={values.type}
          allowDeselect={false}
          error={errors.type}
          onChange={(value) => set('type', value ?? 'task')}
        />
        <TextInput
          label="External link"
          placeholder="https://"
          value={values.externalLink}
          error={errors.externalLink}
          onChange={(e) => set('externalLink', e.currentTarget.value)}
        />
        <Textarea
          label="Disclaimer"
          rows={2}
          value={values.disclaimer}
          error={errors.disclaimer}
          onChange={(e) => set('disclaimer', e.currentTarget.value)}
        />
        <MultiSelect
          label="Team types"
          description="Leave empty to show the task to every team type"
          data={(types.data?.items ?? []).map((t) => ({ value: t.id, label: t.name }))}
          value={values.teamTypeIds}
          error={errors.teamTypeIds ?? (types.isError ? 'The team types could not be loaded' : undefined)}
          onChange={(value) => set('teamTypeIds', value)}
          searchable
          clearable
        />
        <TaskGroupSelect label="Group" value={values.groupId} onChange={(value) => set('groupId', value)} />
        {checkbox('isTimeSensitive', 'Time sensitive')}
        {checkbox('isApprovalNeeded', 'Approval needed')}
        {checkbox('showToChildTeams', 'Show to child teams')}
        {checkbox('isRequired', 'Required')}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {task ? 'Save' : 'Add task'}
          </Button>
          <Button variant="default" onClick={() => navigate('/admin/tasks')}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /admin/tasks/add */
export function AddTaskScreen() {
  const { event } = useSession();
  return (
    <PageHeader title="Add task" breadcrumbs={crumbs('Add task')}>
      <TaskForm eventId={event?.id ?? ''} task={null} />
    </PageHeader>
  );
}

/** /admin/tasks/:taskId: edit, archive or restore a task. */
export function EditTaskScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const { taskId = '' } = useParams();
  const task = useTask(eventId, taskId);
  const archive = useArchiveTask(eventId);
  const feedback = useFeedback();
  const toggleArchive = (current: TaskDetail) =>
    archive.mutate(
      { taskId: current.id, archive: !current.isArchived },
      {
        onSuccess: () =>
          feedback.success(current.isArchived ? 'The task has been restored' : 'The task has been archived'),
        onError: (error) => feedback.error(error),
      },
    );
  return (
    <PageHeader
      title={task.data?.title ?? 'Task'}
      breadcrumbs={crumbs(task.data?.title ?? 'Task')}
      actions={
        task.data && (
          <Button
            variant="default"
            loading={archive.isPending}
            onClick={() => task.data && toggleArchive(task.data)}
          >
            {task.data.isArchived ? 'Unarchive' : 'Archive'}
          </Button>
        )
      }
    >
      {task.isPending ? (
        <Loading label="Loading the task" />
      ) : task.isError ? (
        <LoadFailed title="The task could not be loaded" error={task.error} retry={task.refetch} />
      ) : (
        <TaskForm key={task.data.updatedAt} eventId={eventId} task={task.data} />
      )}
    </PageHeader>
  );
}

export { AddTaskScreen as Component };
