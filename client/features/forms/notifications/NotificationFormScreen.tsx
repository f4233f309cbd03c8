import { Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { FormDetail } from '../../../../shared/forms/api';
import type { NotificationBody } from '../../../../shared/forms/notificationsApi';
import type { FormNotification } from '../../../../shared/forms/schema/notification';
import { fieldErrors } from '../../../lib/errors';
import { useSession } from '../../../lib/session';
import { feedbackState, useFeedback } from '../../../ui/FeedbackBanner';
import { PageHeader } from '../../../ui/PageHeader';
import { Loading, QueryState } from '../../../ui/QueryState';
import { groupFieldsLookup } from '../builder/logicRules';
import { RulesEditor } from '../builder/RulesEditor';
import { draftOf } from '../builder/saveBody';
import { useForm } from '../formsApi';
import { useNotification, useSaveNotification } from '../notificationsApi';
import { formsCrumbs } from '../parts';
import { RecipientFields } from './RecipientFields';

const RichTextField = lazy(() => import('../../../ui/RichTextField'));

type Values = Required<Omit<NotificationBody, 'rules' | 'isAdminDefault' | 'isUserDefault'>> & {
  rules: FormNotification['rules'];
};

// Spec defaults: to the submitter, the form's title as the subject, active, with the answers.
const valuesOf = (n: FormNotification | null): Values => ({
  name: n?.name ?? '',
  message: n?.message ?? '',
  sendToType: n?.sendToType ?? 'user',
  sendTo: n?.sendTo ?? '',
  sendToFieldGroupId: n?.sendToFieldGroupId ?? '',
  sendToLoopIndex: n?.sendToLoopIndex ?? 0,
  bccTo: n?.bccTo ?? '',
  replyTo: n?.replyTo ?? '',
  subject: n?.subject ?? '',
  isFormTitleSubjectLine: n?.isFormTitleSubjectLine ?? true,
  operator: n?.operator ?? 'ANY',
  rules: n?.rules ?? [],
  isActive: n?.isActive ?? true,
  showSubmission: n?.showSubmission ?? true,
  showCustomFields: n?.showCustomFields ?? false,
  showHiddenCustomFields: n?.showHiddenCustomFields ?? false,
});

function NotificationForm(props: {
  eventId: string;
  detail: FormDetail;
  notification: FormNotification | null;
}) {
  const { eventId, detail, notification } = props;
  const formId = detail.form.id;
  const [values, setValues] = useState<Values>(() => valuesOf(notification));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveNotification(eventId, formId, notification?.id ?? null);
  const feedback = useFeedback();
  const navigate = useNavigate();
  const list = `/admin/forms/${formId}/notifications`;
  const scope = useMemo(() => {
    const embedded = {
      fields: detail.fields.filter((f) => f.fieldGroupId !== ''),
      fieldGroups: detail.fieldGroups,
    };
    return { fields: draftOf(detail).fields, groupFieldsOf: groupFieldsLookup(embedded) };
  }, [detail]);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const toggle = (
    key:
      | 'isActive'
      | 'showSubmission'
      | 'showCustomFields'
      | 'showHiddenCustomFields'
      | 'isFormTitleSubjectLine',
    label: string,
    description?: string,
  ) => (
    <Switch
      label={label}
      description={description}
      checked={values[key]}
      onChange={(e) => set(key, e.currentTarget.checked)}
    />
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    if (values.name.trim() === '') {
      setErrors({ name: 'Required' });
      return;
    }
    setErrors({});
    save.mutate(values, {
      onSuccess: () =>
        navigate(list, {
          state: feedbackState('success', notification ? undefined : 'The notification has been added'),
        }),
      onError: (error) => {
        setErrors(fieldErrors(error));
        feedback.error(error);
      },
    });
  }

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate maw={760}>
      <Stack gap="md">
        <TextInput
          label="Name"
          required
          value={values.name}
          error={errors.name}
          onChange={(e) => set('name', e.currentTarget.value)}
        />
        <RecipientFields
          detail={detail}
          value={values}
          errors={errors}
          onChange={(recipient) => setValues((v) => ({ ...v, ...recipient }))}
        />
        <TextInput
          label="Bcc"
          description="Addresses that get a copy, separated by commas."
          value={values.bccTo}
          error={errors.bccTo}
          onChange={(e) => set('bccTo', e.currentTarget.value)}
        />
        <TextInput
          label="Reply-to"
          description="Where replies go."
          value={values.replyTo}
          error={errors.replyTo}
          onChange={(e) => set('replyTo', e.currentTarget.value)}
        />
        {toggle('isFormTitleSubjectLine', "Use the form's title as the subject")}
        {!values.isFormTitleSubjectLine && (
          <TextInput
            label="Subject"
            value={values.subject}
            error={errors.subject}
            onChange={(e) => set('subject', e.currentTarget.value)}
          />
        )}
        <Suspense fallback={<Loading label="Loading the editor" />}>
          <RichTextField
            label="Message"
            value={values.message}
            error={errors.message}
            onChange={(html) => set('message', html)}
          />
        </Suspense>
        {toggle('isActive', 'Active')}
        {toggle(
          'showSubmission',
          'Include the answers',
          'Answers hidden by the form’s logic are never included.',
        )}
        {toggle('showCustomFields', "Include the team's custom fields")}
        {toggle('showHiddenCustomFields', "Include the team's hidden custom fields too")}
        <Stack gap="xs" component="section" aria-label="Rules">
          <Title order={2} size="h5">
            Rules
          </Title>
          <Text size="sm" c="dimmed">
            Without rules the notification is sent for every submission; with rules, only when they match.
          </Text>
          <RulesEditor
            operator={values.operator}
            rules={values.rules}
            scope={scope}
            disabled={false}
            onChange={(operator, rules) => setValues((v) => ({ ...v, operator, rules }))}
          />
        </Stack>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {notification ? 'Save' : 'Add notification'}
          </Button>
          <Button variant="default" onClick={() => navigate(list)}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Screen({ notificationId }: { notificationId: string | null }) {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const { formId = '' } = useParams();
  const detail = useForm(eventId, formId);
  const existing = useNotification(eventId, formId, notificationId ?? '');
  const title = detail.data?.form.title ?? 'Form';
  const heading = notificationId ? existing.data?.name || 'Edit notification' : 'Add notification';
  return (
    <PageHeader
      title={heading}
      breadcrumbs={formsCrumbs(
        { label: title, to: `/admin/forms/${formId}` },
        { label: 'Notifications', to: `/admin/forms/${formId}/notifications` },
        { label: notificationId ? 'Edit' : 'Add' },
      )}
    >
      <QueryState query={detail} loading="Loading the form" failed="The form could not be loaded">
        {(data) =>
          notificationId ? (
            <QueryState
              query={existing}
              loading="Loading the notification"
              failed="The notification could not be loaded"
            >
              {(notification) => (
                <NotificationForm
                  key={notification.id}
                  eventId={eventId}
                  detail={data}
                  notification={notification}
                />
              )}
            </QueryState>
          ) : (
            <NotificationForm eventId={eventId} detail={data} notification={null} />
          )
        }
      </QueryState>
    </PageHeader>
  );
}

/** /admin/forms/:formId/notifications/add */
export function AddNotificationScreen() {
  return <Screen notificationId={null} />;
}

/** /admin/forms/:formId/notifications/:notificationId (spec's path) */
export function EditNotificationScreen() {
  const { notificationId = '' } = useParams();
  return <Screen key={notificationId} notificationId={notificationId} />;
}

export { EditNotificationScreen as Component };
