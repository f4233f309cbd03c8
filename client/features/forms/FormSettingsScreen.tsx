import { Button, Group, Paper, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { type FormSettings, formSettingsSchema } from '../../../shared/forms/api';
import { fieldErrors, issuesByPath } from '../../lib/errors';
import { useSession } from '../../lib/session';
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
  const [values, setValues] = useState<Values>(() => valuesOf(form));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveFormSettings(eventId, form?.id ?? null);
  const feedback = useFeedback();
  const navigate = useNavigate();
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = formSettingsSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        feedback.success(form ? undefined : 'The form has been added with a first question');
        // A new form goes on to the builder, where its questions are added.
        navigate(form ? '/admin/forms' : `/admin/forms/${saved.form.id}`);
      },
      onError: (error) => {
        setErrors(fieldErrors(error));
        feedback.error(error);
      },
    });
  }

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate maw={680}>
      <Stack gap="md">
        <TextInput
          label="Title"
          required
          value={values.title}
          error={errors.title ?? errors['form.title']}
          onChange={(e) => set('title', e.currentTarget.value)}
        />
        <Textarea
          label="Description"
          description="Shown to teams above the form."
          rows={3}
          value={values.description}
          error={errors.description}
          onChange={(e) => set('description', e.currentTarget.value)}
        />
        <Switch
          label="Published"
          description="Teams see the form once it is published."
          checked={values.isPublished}
          onChange={(e) => set('isPublished', e.currentTarget.checked)}
        />
        <Switch
          label="Editable after submit"
          description="Teams may change their answers after submitting."
          checked={values.isEditable}
          onChange={(e) => set('isEditable', e.currentTarget.checked)}
        />
        <Switch
          label="Public guest form"
          description="Anyone with the link can fill it in, without signing in."
          checked={values.isPublic}
          onChange={(e) => set('isPublic', e.currentTarget.checked)}
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
