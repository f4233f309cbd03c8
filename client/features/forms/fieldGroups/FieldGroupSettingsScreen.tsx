import { Button, Group, Paper, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { type FieldGroupSettings, fieldGroupSettingsSchema } from '../../../../shared/forms/api';
import type { FieldGroup } from '../../../../shared/forms/schema/field-group';
import { useSession } from '../../../lib/session';
import { useSchemaForm } from '../../../lib/useSchemaForm';
import { feedbackState, useFeedback } from '../../../ui/FeedbackBanner';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState } from '../../../ui/QueryState';
import { useFieldGroup, useSaveFieldGroupSettings } from '../fieldGroupsApi';
import { formsCrumbs } from '../parts';

type Values = Required<FieldGroupSettings>;

// Spec: a new group is published, with no fields yet.
const valuesOf = (group: FieldGroup | null): Values => ({
  title: group?.title ?? '',
  description: group?.description ?? '',
  isPublished: group?.isPublished ?? true,
});

export const groupCrumbs = (...rest: { label: string; to?: string }[]) =>
  formsCrumbs({ label: 'Field groups', to: '/admin/field-groups' }, ...rest);

function SettingsForm({ eventId, group }: { eventId: string; group: FieldGroup | null }) {
  const settings = useSchemaForm(fieldGroupSettingsSchema, { initialValues: valuesOf(group) });
  const save = useSaveFieldGroupSettings(eventId, group?.id ?? null);
  const feedback = useFeedback();
  const navigate = useNavigate();

  const submit = settings.onSubmit((values) =>
    save.mutate(values, {
      // A new group goes on to the builder, where its fields are added; the message travels along.
      onSuccess: (saved) =>
        navigate(group ? '/admin/field-groups' : `/admin/field-groups/${saved.fieldGroup.id}`, {
          state: feedbackState(
            'success',
            group ? undefined : 'The field group has been added: add its fields',
          ),
        }),
      onError: (error) => {
        settings.setServerErrors(error);
        feedback.error(error);
      },
    }),
  );

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate maw={680}>
      <Stack gap="md">
        <TextInput label="Title" required {...settings.getInputProps('title')} />
        <Textarea label="Description" rows={3} {...settings.getInputProps('description')} />
        <Switch
          label="Published"
          description="Only published groups can be added to forms."
          {...settings.getInputProps('isPublished', { type: 'checkbox' })}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {group ? 'Save' : 'Add field group'}
          </Button>
          <Button variant="default" onClick={() => navigate('/admin/field-groups')}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /admin/field-groups/add (admin only) */
export function AddFieldGroupScreen() {
  const { event } = useSession();
  return (
    <PageHeader title="Add field group" breadcrumbs={groupCrumbs({ label: 'Add field group' })}>
      <SettingsForm eventId={event?.id ?? ''} group={null} />
    </PageHeader>
  );
}

/** /admin/field-groups/:fieldGroupId/settings */
export function FieldGroupSettingsScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const { fieldGroupId = '' } = useParams();
  const detail = useFieldGroup(eventId, fieldGroupId);
  const title = detail.data?.fieldGroup.title ?? 'Field group';
  return (
    <PageHeader
      title={`${title}: settings`}
      breadcrumbs={groupCrumbs(
        { label: title, to: `/admin/field-groups/${fieldGroupId}` },
        { label: 'Settings' },
      )}
    >
      <QueryState
        query={detail}
        loading="Loading the field group"
        failed="The field group could not be loaded"
      >
        {(data) => <SettingsForm key={data.fieldGroup.id} eventId={eventId} group={data.fieldGroup} />}
      </QueryState>
    </PageHeader>
  );
}

export { FieldGroupSettingsScreen as Component };
