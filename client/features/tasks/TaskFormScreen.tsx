import {
  Anchor,
  Button,
  Checkbox,
  Group,
  List,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AUDIT_LEVEL } from '../../../shared/audit/api';
import { can } from '../../../shared/auth/permissions';
import type { StoredFile } from '../../../shared/files/schemas';
import {
  type AdminTaskDetail,
  adminTaskBodySchema,
  TASK_ATTACHMENTS_MAX,
} from '../../../shared/tasks/adminApi';
import { AVAILABLE_TASK_TYPES, TASK_TYPE_LABELS } from '../../../shared/tasks/api';
import { formatFileSize } from '../../../shared/ui/constants';
import { useSession } from '../../lib/session';
import { errorTexts, useSchemaForm } from '../../lib/useSchemaForm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { FileUpload } from '../../ui/FileUpload';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { RecordHistory } from '../audit/RecordHistory';
import { useTeamTypes } from '../people/teamsApi';
import { FormSelect, type LinkedForm } from './FormSelect';
import { TaskGroupSelect } from './TaskGroupSelect';
import { TeamStatusTable } from './TeamStatusTable';
import { LinkedFormAnchor } from './taskParts';
import { useArchiveTask, useSaveTask, useTask } from './tasksApi';

const RichTextField = lazy(() => import('../../ui/RichTextField'));

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
  /** A form task's form; kept while another type is chosen, sent only for a form task. */
  form: LinkedForm | null;
  attachments: StoredFile[];
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
  form: null,
  attachments: [],
};

function valuesOf(task: AdminTaskDetail): Values {
  const { title, dueDate, description, type, externalLink, isTimeSensitive, isApprovalNeeded } = task;
  const { disclaimer, teamTypeIds, showToChildTeams, isRequired, groupId, attachments } = task;
  return {
    ...{ title, dueDate, description, type, externalLink, isTimeSensitive, isApprovalNeeded },
    ...{ disclaimer, teamTypeIds, showToChildTeams, isRequired, groupId, attachments },
    form: task.formId ? { id: task.formId, title: task.formTitle ?? 'Form' } : null,
  };
}

/** The task form (spec fields); the description is rich text, sanitised by the server when saved. */
function TaskForm({ eventId, task }: { eventId: string; task: AdminTaskDetail | null }) {
  const taskForm = useSchemaForm(adminTaskBodySchema, {
    initialValues: task ? valuesOf(task) : EMPTY,
    toInput: ({ attachments, form, ...fields }) => ({
      ...fields,
      formId: fields.type === 'form' ? (form?.id ?? null) : null,
      attachmentIds: attachments.map((f) => f.id),
    }),
  });
  const { values } = taskForm;
  const errors = errorTexts(taskForm.errors);
  const save = useSaveTask(eventId, task?.id ?? null);
  const types = useTeamTypes(eventId);
  const feedback = useFeedback();
  const navigate = useNavigate();
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    taskForm.setFieldValue(key, value as never);

  const submit = taskForm.onSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        feedback.success(task ? 'The task has been saved' : 'The task has been added');
        navigate('/admin/tasks');
      },
      onError: (error) => {
        taskForm.setServerErrors(error);
        feedback.error(error);
      },
    }),
  );

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
        <Suspense fallback={<Loading label="Loading the editor" />}>
          <RichTextField
            label="Description"
            value={values.description}
            error={errors.description}
            onChange={(html) => set('description', html)}
          />
        </Suspense>
        <Select
          label="Type"
          data={TYPE_CHOICES}
          value={values.type}
          allowDeselect={false}
          error={errors.type}
          onChange={(value) => set('type', value ?? 'task')}
        />
        {values.type === 'form' && (
          <FormSelect
            eventId={eventId}
            value={values.form}
            onChange={(form) => {
              set('form', form);
              // A form chosen answers the refusal; the message goes with it.
              taskForm.clearFieldError('formId');
            }}
            error={errors.formId}
          />
        )}
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
        <Stack gap="xs">
          <Text fw={500} size="sm">
            Attachments
          </Text>
          {values.attachments.length > 0 && (
            <List aria-label="Attachments" spacing={4}>
              {values.attachments.map((file) => (
                <List.Item key={file.id}>
                  <Group gap="xs">
                    <Anchor href={file.url} target="_blank" rel="noopener">
                      {file.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {formatFileSize(file.size)}
                    </Text>
                    <Button
                      size="compact-xs"
                      variant="default"
                      aria-label={`Remove ${file.name}`}
                      onClick={() =>
                        set(
                          'attachments',
                          values.attachments.filter((f) => f.id !== file.id),
                        )
                      }
                    >
                      Remove
                    </Button>
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
          {errors.attachmentIds && (
            <Text c="red" size="sm">
              {errors.attachmentIds}
            </Text>
          )}
          {values.attachments.length < TASK_ATTACHMENTS_MAX && (
            <FileUpload
              purpose="taskAttachment"
              eventId={eventId}
              label="Attach a file for teams to read"
              onUploaded={(file) => taskForm.insertListItem('attachments', file)}
            />
          )}
        </Stack>
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

/** /admin/tasks/:taskId: every team's status of the task, and its details to edit, archive or restore. */
export function EditTaskScreen() {
  const { event, level } = useSession();
  const eventId = event?.id ?? '';
  const { taskId = '' } = useParams();
  const task = useTask(eventId, taskId);
  const archive = useArchiveTask(eventId);
  const feedback = useFeedback();
  const toggleArchive = (current: AdminTaskDetail) =>
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
        <Stack gap="md">
          {task.data.type === 'form' && task.data.formId && (
            <Text size="sm">
              Teams complete this task by submitting the form <LinkedFormAnchor task={task.data} size="sm" />.
            </Text>
          )}
          <Tabs defaultValue="teams" keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="teams">Team statuses</Tabs.Tab>
              <Tabs.Tab value="details">Task details</Tabs.Tab>
              {can(level, AUDIT_LEVEL) && <Tabs.Tab value="history">History</Tabs.Tab>}
            </Tabs.List>
            <Tabs.Panel value="teams">
              <TeamStatusTable taskId={task.data.id} />
            </Tabs.Panel>
            <Tabs.Panel value="details">
              <TaskForm key={task.data.id} eventId={eventId} task={task.data} />
            </Tabs.Panel>
            {can(level, AUDIT_LEVEL) && (
              <Tabs.Panel value="history">
                <RecordHistory eventId={eventId} entityType="tasks" entityId={task.data.id} />
              </Tabs.Panel>
            )}
          </Tabs>
        </Stack>
      )}
    </PageHeader>
  );
}

export { AddTaskScreen as Component };
