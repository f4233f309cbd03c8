import { Paper, Stack, Switch, TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useNavigate, useParams } from 'react-router';
import { NOTIFICATION_ERRORS, notificationBodySchema } from '../../../../shared/forms/notificationsApi';
import type { FormNotification } from '../../../../shared/forms/schema/notification';
import { errorTexts, useSchemaForm } from '../../../lib/useSchemaForm';
import { feedbackState } from '../../../ui/FeedbackBanner';
import { Loading } from '../../../ui/QueryState';
import {
  FormPartScreen,
  type PartEditorProps,
  RulesSection,
  SaveCancel,
  usePartSubmit,
} from '../FormPartEditor';
import { useNotification, useSaveNotification } from '../notificationsApi';
import { RecipientFields } from './RecipientFields';

const RichTextField = lazy(() => import('../../../ui/RichTextField'));

/** A missing name is told by its field alone (the schema says 'Required'), as it always was. */
const nameCheck = (values: { name: string }) => ({
  name: values.name.trim() === '' ? 'Required' : undefined,
});

// Spec defaults: to the submitter, the form's title as the subject, active, with the answers.
const valuesOf = (n: FormNotification | null) => ({
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

type Toggle =
  | 'isActive'
  | 'showSubmission'
  | 'showCustomFields'
  | 'showHiddenCustomFields'
  | 'isFormTitleSubjectLine';

function NotificationForm({ eventId, detail, record: notification }: PartEditorProps<FormNotification>) {
  const formId = detail.form.id;
  const form = useSchemaForm(notificationBodySchema, {
    initialValues: valuesOf(notification),
    toInput: (values) => values,
  });
  const { values } = form;
  const errors = errorTexts(form.errors);
  const save = useSaveNotification(eventId, formId, notification?.id ?? null);
  const navigate = useNavigate();
  const list = `/admin/forms/${formId}/notifications`;
  const toggle = (key: Toggle, label: string, description?: string) => (
    <Switch label={label} description={description} {...form.getInputProps(key, { type: 'checkbox' })} />
  );

  const submit = usePartSubmit(form, save, {
    // The message travels with the navigation: arriving on another path clears the banner.
    onSaved: () =>
      navigate(list, {
        state: feedbackState('success', notification ? undefined : 'The notification has been added'),
      }),
    ownChecks: nameCheck,
    invalid: NOTIFICATION_ERRORS.invalidNotification,
  });

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate maw={760}>
      <Stack gap="md">
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <RecipientFields
          detail={detail}
          value={values}
          errors={errors}
          onChange={(recipient) => form.setValues(recipient)}
        />
        <TextInput
          label="Bcc"
          description="Addresses that get a copy, separated by commas."
          {...form.getInputProps('bccTo')}
        />
        <TextInput label="Reply-to" description="Where replies go." {...form.getInputProps('replyTo')} />
        {toggle('isFormTitleSubjectLine', "Use the form's title as the subject")}
        {!values.isFormTitleSubjectLine && <TextInput label="Subject" {...form.getInputProps('subject')} />}
        <Suspense fallback={<Loading label="Loading the editor" />}>
          <RichTextField
            label="Message"
            value={values.message}
            error={errors.message}
            onChange={(html) => form.setFieldValue('message', html)}
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
        <RulesSection
          detail={detail}
          description="Without rules the notification is sent for every submission; with rules, only when they match."
          operator={values.operator}
          rules={values.rules}
          onChange={(operator, rules) => form.setValues({ operator, rules })}
        />
        <SaveCancel
          label={notification ? 'Save' : 'Add notification'}
          saving={save.isPending}
          onCancel={() => navigate(list)}
        />
      </Stack>
    </Paper>
  );
}

function Screen({ notificationId }: { notificationId: string | null }) {
  return (
    <FormPartScreen
      recordId={notificationId}
      noun="notification"
      plural="Notifications"
      segment="notifications"
      useRecord={useNotification}
    >
      {(props) => <NotificationForm {...props} />}
    </FormPartScreen>
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
