import { Button, Checkbox, Group, Paper, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import {
  CUSTOM_FIELD_TYPE_LABELS,
  CUSTOM_FIELD_TYPES,
  type CustomField,
  type CustomFieldType,
  createCustomFieldBodySchema,
} from '../../../shared/people/customFields';
import { useSession } from '../../lib/session';
import { useSchemaForm } from '../../lib/useSchemaForm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { useCreateCustomField, useCustomField, useUpdateCustomField } from './customFieldsApi';

function CustomFieldForm({ initial, eventId }: { initial: CustomField | null; eventId: string }) {
  // One schema for both: the form always holds every value, so the create rules are the update
  // rules plus the type, which an update leaves out (it cannot change after creation).
  const form = useSchemaForm(createCustomFieldBodySchema, {
    initialValues: {
      label: initial?.label ?? '',
      placeholder: initial?.placeholder ?? '',
      description: initial?.description ?? '',
      showField: initial?.showField ?? true,
      showToChildTeams: initial?.showToChildTeams ?? false,
      isRequired: initial?.isRequired ?? false,
      type: (initial?.type ?? 'text') as CustomFieldType,
    },
  });
  const create = useCreateCustomField(eventId);
  const update = useUpdateCustomField(eventId, initial?.id ?? '');
  const feedback = useFeedback();
  const navigate = useNavigate();
  const pending = create.isPending || update.isPending;

  const done = {
    onSuccess: () => {
      feedback.success(initial ? undefined : 'The custom field has been added');
      navigate('/admin/custom-fields');
    },
    onError: (error: unknown) => {
      form.setServerErrors(error);
      feedback.error(error);
    },
  };

  const submit = form.onSubmit(({ type, ...editable }) =>
    initial ? update.mutate(editable, done) : create.mutate({ ...editable, type }, done),
  );

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate maw={720}>
      <Stack gap="md">
        <TextInput label="Label" required {...form.getInputProps('label')} />
        <Radio.Group
          label="Type"
          description={initial ? 'The type cannot change after the field is created.' : undefined}
          value={form.values.type}
          onChange={(value) => form.setFieldValue('type', value === 'boolean' ? 'boolean' : 'text')}
        >
          <Group mt="xs">
            {CUSTOM_FIELD_TYPES.map((t) => (
              <Radio key={t} value={t} label={CUSTOM_FIELD_TYPE_LABELS[t]} disabled={Boolean(initial)} />
            ))}
          </Group>
        </Radio.Group>
        <TextInput label="Placeholder" {...form.getInputProps('placeholder')} />
        <Textarea label="Description" {...form.getInputProps('description')} />
        <Checkbox label="Show field" {...form.getInputProps('showField', { type: 'checkbox' })} />
        <Checkbox
          label="Show to stand shares?"
          {...form.getInputProps('showToChildTeams', { type: 'checkbox' })}
        />
        <Checkbox label="Is required?" {...form.getInputProps('isRequired', { type: 'checkbox' })} />
        <Group>
          <Button type="submit" loading={pending}>
            {initial ? 'Save' : 'Add custom field'}
          </Button>
          <Button variant="default" component={Link} to="/admin/custom-fields">
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

const crumbs = (last: string) => [
  { label: 'Admin', to: '/admin' },
  { label: 'Custom fields', to: '/admin/custom-fields' },
  { label: last },
];

/** /admin/custom-fields/add */
export function AddCustomFieldScreen() {
  const { event } = useSession();
  return (
    <PageHeader title="Add custom field" breadcrumbs={crumbs('Add custom field')}>
      <CustomFieldForm initial={null} eventId={event?.id ?? ''} />
    </PageHeader>
  );
}

/** /admin/custom-fields/:customFieldId */
export function EditCustomFieldScreen() {
  const { customFieldId = '' } = useParams();
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const field = useCustomField(eventId, customFieldId);
  return (
    <PageHeader title="Edit custom field" breadcrumbs={crumbs(field.data?.label ?? 'Edit custom field')}>
      {field.isPending ? (
        <Loading label="Loading the custom field" />
      ) : field.isError ? (
        <LoadFailed title="The custom field could not be loaded" error={field.error} retry={field.refetch} />
      ) : (
        <CustomFieldForm initial={field.data} eventId={eventId} />
      )}
    </PageHeader>
  );
}

export { AddCustomFieldScreen as Component };
