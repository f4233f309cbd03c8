import { Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { ConfirmationBody, FormDetail } from '../../../../shared/forms/api';
import type { Confirmation } from '../../../../shared/forms/schema/confirmation';
import { fieldErrors } from '../../../lib/errors';
import { useSession } from '../../../lib/session';
import { feedbackState, useFeedback } from '../../../ui/FeedbackBanner';
import { PageHeader } from '../../../ui/PageHeader';
import { Loading, QueryState } from '../../../ui/QueryState';
import { groupFieldsLookup } from '../builder/logicRules';
import { RulesEditor } from '../builder/RulesEditor';
import { draftOf } from '../builder/saveBody';
import { useConfirmation, useSaveConfirmation } from '../confirmationsApi';
import { useForm } from '../formsApi';
import { formsCrumbs } from '../parts';

const RichTextField = lazy(() => import('../../../ui/RichTextField'));

type Values = Required<Pick<ConfirmationBody, 'name' | 'message' | 'operator' | 'isDefault' | 'isActive'>> & {
  rules: Confirmation['rules'];
};

// Spec: a confirmation is active by default; a new one is not the default.
const valuesOf = (c: Confirmation | null): Values => ({
  name: c?.name ?? '',
  message: c?.message ?? '',
  operator: c?.operator ?? 'ANY',
  rules: c?.rules ?? [],
  isDefault: c?.isDefault ?? false,
  isActive: c?.isActive ?? true,
});

function ConfirmationForm(props: { eventId: string; detail: FormDetail; confirmation: Confirmation | null }) {
  const { eventId, detail, confirmation } = props;
  const formId = detail.form.id;
  const [values, setValues] = useState<Values>(() => valuesOf(confirmation));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveConfirmation(eventId, formId, confirmation?.id ?? null);
  const feedback = useFeedback();
  const navigate = useNavigate();
  const list = `/admin/forms/${formId}/confirmations`;
  const scope = useMemo(() => {
    const embedded = {
      fields: detail.fields.filter((f) => f.fieldGroupId !== ''),
      fieldGroups: detail.fieldGroups,
    };
    return { fields: draftOf(detail).fields, groupFieldsOf: groupFieldsLookup(embedded) };
  }, [detail]);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  // The default stays the default until another confirmation takes the mark (the server agrees).
  const wasDefault = confirmation?.isDefault ?? false;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (values.name.trim() === '') {
      setErrors({ name: 'Required' });
      return;
    }
    setErrors({});
    save.mutate(values, {
      // The message travels with the navigation: arriving on another path clears the banner.
      onSuccess: () =>
        navigate(list, {
          state: feedbackState('success', confirmation ? undefined : 'The confirmation has been added'),
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
        <Suspense fallback={<Loading label="Loading the editor" />}>
          <RichTextField
            label="Message"
            value={values.message}
            error={errors.message}
            onChange={(html) => set('message', html)}
          />
        </Suspense>
        <Switch
          label="Default"
          description="Shown when no other active confirmation's rules match. A form has one default."
          checked={values.isDefault}
          disabled={wasDefault}
          onChange={(e) => set('isDefault', e.currentTarget.checked)}
        />
        <Switch
          label="Active"
          checked={values.isActive}
          onChange={(e) => set('isActive', e.currentTarget.checked)}
        />
        {!values.isDefault && (
          <Stack gap="xs" component="section" aria-label="Rules">
            <Title order={2} size="h5">
              Rules
            </Title>
            <Text size="sm" c="dimmed">
              This confirmation is shown when its rules match the answers. Without rules it is never chosen.
            </Text>
            <RulesEditor
              operator={values.operator}
              rules={values.rules}
              scope={scope}
              disabled={false}
              onChange={(operator, rules) => setValues((v) => ({ ...v, operator, rules }))}
            />
          </Stack>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {confirmation ? 'Save' : 'Add confirmation'}
          </Button>
          <Button variant="default" onClick={() => navigate(list)}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Screen({ confirmationId }: { confirmationId: string | null }) {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const { formId = '' } = useParams();
  const detail = useForm(eventId, formId);
  const existing = useConfirmation(eventId, formId, confirmationId ?? '');
  const title = detail.data?.form.title ?? 'Form';
  const heading = confirmationId ? existing.data?.name || 'Edit confirmation' : 'Add confirmation';
  return (
    <PageHeader
      title={heading}
      breadcrumbs={formsCrumbs(
        { label: title, to: `/admin/forms/${formId}` },
        { label: 'Confirmations', to: `/admin/forms/${formId}/confirmations` },
        { label: confirmationId ? 'Edit' : 'Add' },
      )}
    >
      <QueryState query={detail} loading="Loading the form" failed="The form could not be loaded">
        {(data) =>
          confirmationId ? (
            <QueryState
              query={existing}
              loading="Loading the confirmation"
              failed="The confirmation could not be loaded"
            >
              {(confirmation) => (
                <ConfirmationForm
                  key={confirmation.id}
                  eventId={eventId}
                  detail={data}
                  confirmation={confirmation}
                />
              )}
            </QueryState>
          ) : (
            <ConfirmationForm eventId={eventId} detail={data} confirmation={null} />
          )
        }
      </QueryState>
    </PageHeader>
  );
}

/** /admin/forms/:formId/confirmations/add */
export function AddConfirmationScreen() {
  return <Screen confirmationId={null} />;
}

/** /admin/forms/:formId/confirmations/:confirmationId */
export function EditConfirmationScreen() {
  const { confirmationId = '' } = useParams();
  return <Screen key={confirmationId} confirmationId={confirmationId} />;
}

export { EditConfirmationScreen as Component };
