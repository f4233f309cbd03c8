import { Button, Group, Paper, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { type FormSettings, formSettingsSchema } from '../../../shared/forms/api';
import { useSession } from '../../lib/session';
import { useSchemaForm } from '../../lib/useSchemaForm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { WithHistory } from '../audit/RecordHistory';
import { useForm, useSaveFormSettings } from './formsApi';
import { formsCrumbs } from './parts';

type Values = Required<FormSettings>;

/** The settings part of the engine's form record (the detail carries the whole form). */
const storedSettingsSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().default(''),
  isPublished: z.boolean().default(false),
  isEditable: z.boolean().default(false),
  isPublic: z.boolean().default(false),
  isArchived: z.boolean().default(false),
});
type StoredSettings = z.output<typeof storedSettingsSchema>;

// Spec defaults: a new form is unpublished, not editable after submit, and private.
const valuesOf = (form: StoredSettings | null): Values => ({
  title: form?.title ?? '',
  description: form?.description ?? '',
  isPublished: form?.isPublished ?? false,
  isEditable: form?.isEditable ?? false,
  isPublic: form?.isPublic ?? false,
});

function FormSettingsForm({ eventId, form }: { eventId: string; form: StoredSettings | null }) {
  const settings = useSchemaForm(formSettingsSchema, { initialValues: valuesOf(form) });
  const save = useSaveFormSettings(eventId, form?.id ?? null);
  const feedback = useFeedback();
  const navigate = useNavigate();

  const submit = settings.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        feedback.success(form ? undefined : 'The form has been added with a first question');
        // A new form goes on to the builder, where its questions are added.
        navigate(form ? '/admin/forms' : `/admin/forms/${saved.form.id}`);
      },
      onError: (error) => {
        settings.setServerErrors(error);
        feedback.error(error);
      },
    }),
  );

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate maw={680}>
      <Stack gap="md">
        <TextInput
          label="Title"
          required
          {...settings.getInputProps('title')}
          // A new form's settings are sent as `form` beside its first field.
          error={settings.errors.title ?? settings.errors['form.title']}
        />
        <Textarea
          label="Description"
          description="Shown to teams above the form."
          rows={3}
          {...settings.getInputProps('description')}
        />
        <Switch
          label="Published"
          description="Teams see the form once it is published."
          {...settings.getInputProps('isPublished', { type: 'checkbox' })}
        />
        <Switch
          label="Editable after submit"
          description="Teams may change their answers after submitting."
          {...settings.getInputProps('isEditable', { type: 'checkbox' })}
        />
        <Switch
          label="Public guest form"
          description="Anyone with the link can fill it in, without signing in."
          {...settings.getInputProps('isPublic', { type: 'checkbox' })}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {form ? 'Save' : 'Add form'}
          </Button>
          <Button variant="default" onClick={() => navigate('/admin/forms')}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /admin/forms/add */
export function AddFormScreen() {
  const { event } = useSession();
  return (
    <PageHeader
      title="Add form"
      breadcrumbs={formsCrumbs({ label: 'Add form' })}
      tips="A new form starts with one short-text question, unpublished: publish it when its questions are ready."
    >
      <FormSettingsForm eventId={event?.id ?? ''} form={null} />
    </PageHeader>
  );
}

/** /admin/forms/:formId/settings */
export function FormSettingsScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const { formId = '' } = useParams();
  const detail = useForm(eventId, formId);
  const stored = detail.data ? storedSettingsSchema.safeParse(detail.data.form) : null;
  const title = stored?.success ? stored.data.title : 'Form';
  return (
    <PageHeader
      title={`${title}: settings`}
      breadcrumbs={formsCrumbs({ label: title }, { label: 'Settings' })}
    >
      {detail.isPending ? (
        <Loading label="Loading the form" />
      ) : detail.isError ? (
        <LoadFailed title="The form could not be loaded" error={detail.error} retry={detail.refetch} />
      ) : stored?.success ? (
        <WithHistory eventId={eventId} entityType="forms" entityId={formId} detailsLabel="Form settings">
          <FormSettingsForm key={formId} eventId={eventId} form={stored.data} />
        </WithHistory>
      ) : (
        <LoadFailed title="The form could not be read" error={stored?.error} retry={detail.refetch} />
      )}
    </PageHeader>
  );
}

export { FormSettingsScreen as Component };
