import { Button, Checkbox, Group, Paper, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  CUSTOM_FIELD_TYPE_LABELS,
  CUSTOM_FIELD_TYPES,
  type CustomField,
  type CustomFieldType,
  createCustomFieldBodySchema,
  updateCustomFieldBodySchema,
} from '../../../shared/people/customFields';
import { fieldErrors, issuesByPath } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { useCreateCustomField, useCustomField, useUpdateCustomField } from './customFieldsApi';

function CustomFieldForm({ initial, eventId }: { initial: CustomField | null; eventId: string }) {
  const [values, setValues] = useState({
    label: initial?.label ?? '',
    placeholder: initial?.placeholder ?? '',
    description: initial?.description ?? '',
    showField: initial?.showField ?? true,
    showToChildTeams: initial?.showToChildTeams ?? false,
    isRequired: initial?.isRequired ?? false,
  });
  const [type, setType] = useState<CustomFieldType>(initial?.type ?? 'text');
  const [errors, setErrors] = useState<Record<string, string>>({});
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
      setErrors(fieldErrors(error));
      feedback.error(error);
    },
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    if (initial) {
      const parsed = updateCustomFieldBodySchema.safeParse(values);
      if (!parsed.success) return setErrors(issuesByPath(parsed.error.issues));
      setErrors({});
      update.mutate(parsed.data, done);
    } else {
      const parsed = createCustomFieldBodySchema.safeParse({ ...values, type });
      if (!parsed.success) return setErrors(issuesByPath(parsed.error.issues));
      setErrors({});
      create.mutate(parsed.data, done);
    }
  }

  const text =
    (name: 'label' | 'placeholder' | 'description') => (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
    };
  const flag =
    (name: 'showField' | 'showToChildTeams' | 'isRequired') =>
    (e: { currentTarget: { checked: boolean } }) => {
      const checked = e.currentTarget.checked;
      setValues((v) => ({ ...v, [name]: checked }));
    };

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate maw={720}>
      <Stack gap="md">
        <TextInput
          label="Label"
          required
          value={values.label}
          error={errors.label}
          onChange={text('label')}
        />
        <Radio.Group
          label="Type"
          description={initial ? 'The type cannot change after the field is created.' : undefined}
          value={type}
          onChange={(value) => setType(value === 'boolean' ? 'boolean' : 'text')}
        >
          <Group mt="xs">
            {CUSTOM_FIELD_TYPES.map((t) => (
              <Radio key={t} value={t} label={CUSTOM_FIELD_TYPE_LABELS[t]} disabled={Boolean(initial)} />
            ))}
          </Group>
        </Radio.Group>
        <TextInput
          label="Placeholder"
          value={values.placeholder}
          error={errors.placeholder}
          onChange={text('placeholder')}
        />
        <Textarea
          label="Description"
          value={values.description}
          error={errors.description}
          onChange={text('description')}
        />
        <Checkbox label="Show field" checked={values.showField} onChange={flag('showField')} />
        <Checkbox
          label="Show to stand shares?"
          checked={values.showToChildTeams}
          onChange={flag('showToChildTeams')}
        />
        <Checkbox label="Is required?" checked={values.isRequired} onChange={flag('isRequired')} />
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
