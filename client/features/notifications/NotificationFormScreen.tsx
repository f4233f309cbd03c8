import {
  Button,
  Group,
  MultiSelect,
  Paper,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  AUDIENCE_LABELS,
  NOTIFICATION_ERRORS,
  NOTIFICATION_LABELS,
  type Notification,
  notificationBodySchema,
} from '../../../shared/notifications/api';
import { isPublished, type SaveAction } from '../../../shared/notifications/status';
import { AUDIENCES, type AudienceKind } from '../../../shared/notifications/visibility';
import { instantToLocal, isLocalDateTime, localToInstant } from '../../../shared/notifications/zonedTime';
import { errorMessage } from '../../lib/errors';
import { useEventDates, useSession } from '../../lib/session';
import { errorTexts, useSchemaForm } from '../../lib/useSchemaForm';
import { useConfirm } from '../../ui/confirm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { useTeams, useTeamTypes } from '../people/teamsApi';
import { useDeleteNotification, useNotification, useSaveNotification } from './api';
import { StatusBadge } from './NotificationsScreen';
import { ScheduleInputs } from './ScheduleInputs';
import { type Target, TargetPicker } from './TargetPicker';

const RichTextField = lazy(() => import('../../ui/RichTextField'));

const crumbs = (last: string) => [
  { label: 'Admin', to: '/admin' },
  { label: 'Notifications', to: '/admin/notifications' },
  { label: last },
];

/** /admin/notifications/add */
export function AddNotificationScreen() {
  return <NotificationForm notification={null} />;
}

/** /admin/notifications/{notificationId} */
export function EditNotificationScreen() {
  const { event } = useSession();
  const notificationId = useParams().notificationId ?? '';
  const notification = useNotification(event?.id ?? '', notificationId);
  if (notification.isError) {
    return (
      <PageHeader title="Notification" breadcrumbs={crumbs('Notification')}>
        <LoadFailed
          title="The notification could not be loaded"
          error={notification.error}
          retry={notification.refetch}
        />
      </PageHeader>
    );
  }
  if (!notification.data) return <Loading label="Loading the notification" />;
  return <NotificationForm notification={notification.data} />;
}

function TeamSelect(props: {
  eventId: string;
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const teams = useTeams(props.eventId, {
    page: 1,
    sort: 'name',
    order: 'asc',
    search,
    teamTypeId: null,
    notLoggedIn: false,
    standShare: null,
  });
  return (
    <Select
      label={NOTIFICATION_LABELS.teamId}
      required
      searchable
      onSearchChange={setSearch}
      data={(teams.data?.items ?? []).map((t) => ({ value: t.id, label: t.name }))}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      nothingFoundMessage="No team found"
    />
  );
}

/**
 * The form's inputs: the body's fields, with the target as its picker's value and the schedule as
 * a local time in the event's zone (the body carries the instant).
 */
type NotificationValues = {
  title: string;
  description: string;
  target: Target;
  audience: AudienceKind;
  teamTypeIds: string[];
  teamId: string | null;
  sendEmail: boolean;
  action: SaveAction;
  localTime: string;
};

function NotificationForm({ notification }: { notification: Notification | null }) {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const { timeZone } = useEventDates();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const confirm = useConfirm();
  const save = useSaveNotification(eventId);
  const remove = useDeleteNotification(eventId);
  const types = useTeamTypes(eventId);
  const initialValues: NotificationValues = {
    title: notification?.title ?? '',
    description: notification?.description ?? '',
    target: {
      targetKind: notification?.targetKind ?? 'none',
      targetId: notification?.targetId ?? null,
      linkUrl: notification?.linkUrl ?? '',
    },
    audience: notification?.audience ?? 'everyone',
    teamTypeIds: notification?.teamTypeIds ?? [],
    teamId: notification?.teamId ?? null,
    sendEmail: notification?.sendEmail ?? false,
    action:
      notification?.status === 'scheduled'
        ? 'schedule'
        : notification && isPublished(notification.status)
          ? 'publish'
          : 'draft',
    localTime: notification?.scheduledAt ? instantToLocal(new Date(notification.scheduledAt), timeZone) : '',
  };
  const form = useSchemaForm(notificationBodySchema, {
    initialValues,
    // Hidden choices are not sent: team types only for some team types, a team only for one team.
    toInput: ({ target, audience, teamTypeIds, teamId, action, localTime, ...rest }) => ({
      ...rest,
      ...target,
      audience,
      teamTypeIds: audience === 'teamTypes' ? teamTypeIds : [],
      teamId: audience === 'team' ? teamId : null,
      action,
      scheduledAt:
        action === 'schedule' && isLocalDateTime(localTime)
          ? localToInstant(localTime, timeZone).toISOString()
          : null,
    }),
  });
  const { values } = form;
  const { audience, action } = values;
  const errors = errorTexts(form.errors);
  const set = <K extends keyof NotificationValues>(key: K, value: NotificationValues[K]) =>
    form.setFieldValue(key, value as never);

  const onSubmit = form.onSubmit(
    (body) =>
      save.mutate(
        { id: notification?.id ?? null, body },
        {
          onSuccess: () => {
            feedback.success();
            void navigate('/admin/notifications');
          },
          onError: (error) => {
            form.setServerErrors(error);
            feedback.error(error);
          },
        },
      ),
    () => feedback.error(NOTIFICATION_ERRORS.invalid),
  );
  const askDelete = () =>
    notification &&
    confirm({
      title: 'Delete notification',
      message: `${notification.title} will be deleted for good, also from every reader's list.`,
      confirmLabel: 'Delete',
      color: 'red',
      onConfirm: () =>
        remove.mutate(notification.id, {
          onSuccess: () => {
            feedback.success('The notification has been deleted');
            void navigate('/admin/notifications');
          },
          onError: (error) => feedback.error(error),
        }),
    });

  return (
    <PageHeader
      title={notification ? `Edit ${notification.title}` : 'Add notification'}
      breadcrumbs={crumbs(notification ? notification.title : 'Add')}
      actions={
        notification && (
          <Button color="red" onClick={askDelete}>
            Delete
          </Button>
        )
      }
      tips="Scheduled times are in the event's time zone. With 'Send email' on, everyone it is aimed at also gets it by email when it is published."
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md" maw={760}>
          {save.isError && (
            <Text c="red" role="alert">
              {errorMessage(save.error)}
            </Text>
          )}
          {notification && (
            <Group gap="sm">
              <StatusBadge status={notification.status} />
              {notification.providerResponse && (
                <Text size="sm" c="red">
                  {notification.providerResponse}
                </Text>
              )}
            </Group>
          )}
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <TextInput
                label={NOTIFICATION_LABELS.title}
                required
                value={values.title}
                onChange={(e) => set('title', e.currentTarget.value)}
                maxLength={200}
                error={errors.title}
              />
              <Suspense fallback={<Loading label="Loading the editor" />}>
                <RichTextField
                  label={NOTIFICATION_LABELS.description}
                  value={values.description}
                  error={errors.description}
                  onChange={(html) => set('description', html)}
                />
              </Suspense>
              <TargetPicker
                eventId={eventId}
                value={values.target}
                onChange={(target) => set('target', target)}
                errors={errors}
              />
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Radio.Group
                label={NOTIFICATION_LABELS.audience}
                value={audience}
                onChange={(value) => set('audience', value as AudienceKind)}
              >
                <Group mt="xs">
                  {AUDIENCES.map((a) => (
                    <Radio key={a} value={a} label={AUDIENCE_LABELS[a]} />
                  ))}
                </Group>
              </Radio.Group>
              {audience === 'teamTypes' && (
                <MultiSelect
                  label={NOTIFICATION_LABELS.teamTypeIds}
                  required
                  data={(types.data?.items ?? []).map((t) => ({ value: t.id, label: t.name }))}
                  value={values.teamTypeIds}
                  onChange={(ids) => set('teamTypeIds', ids)}
                  searchable
                  error={errors.teamTypeIds}
                />
              )}
              {audience === 'team' && (
                <TeamSelect
                  eventId={eventId}
                  value={values.teamId}
                  onChange={(id) => set('teamId', id)}
                  error={errors.teamId}
                />
              )}
              <Switch
                label={NOTIFICATION_LABELS.sendEmail}
                description={NOTIFICATION_LABELS.sendEmailHint}
                checked={values.sendEmail}
                onChange={(e) => set('sendEmail', e.currentTarget.checked)}
              />
            </Stack>
          </Paper>
          <ScheduleInputs
            notification={notification}
            action={action}
            localTime={values.localTime}
            timeZone={timeZone}
            error={errors.scheduledAt}
            onActionChange={(value) => set('action', value)}
            onLocalTimeChange={(value) => set('localTime', value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate('/admin/notifications')}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save notification
            </Button>
          </Group>
        </Stack>
      </form>
    </PageHeader>
  );
}

export { AddNotificationScreen as Component };
