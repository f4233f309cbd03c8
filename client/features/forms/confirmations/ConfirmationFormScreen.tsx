import { Paper, Stack, Switch, TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useNavigate, useParams } from 'react-router';
import { confirmationBodySchema, FORM_ERRORS } from '../../../../shared/forms/api';
import type { Confirmation } from '../../../../shared/forms/schema/confirmation';
import { errorTexts, useSchemaForm } from '../../../lib/useSchemaForm';
import { feedbackState } from '../../../ui/FeedbackBanner';
import { Loading } from '../../../ui/QueryState';
import { useConfirmation, useSaveConfirmation } from '../confirmationsApi';
import {
  FormPartScreen,
  type PartEditorProps,
  RulesSection,
  SaveCancel,
  usePartSubmit,
} from '../FormPartEditor';

const RichTextField = lazy(() => import('../../../ui/RichTextField'));

/** The one input this screen insists on before sending. */
const nameCheck = (values: { name: string }) => ({
  name: values.name.trim() === '' ? 'Required' : undefined,
});

// Spec: a confirmation is active by default; a new one is not the default.
const valuesOf = (c: Confirmation | null) => ({
  name: c?.name ?? '',
  message: c?.message ?? '',
  operator: c?.operator ?? 'ANY',
  rules: c?.rules ?? [],
  isDefault: c?.isDefault ?? false,
  isActive: c?.isActive ?? true,
});

function ConfirmationForm({ eventId, detail, record: confirmation }: PartEditorProps<Confirmation>) {
  const formId = detail.form.id;
  const form = useSchemaForm(confirmationBodySchema, {
    initialValues: valuesOf(confirmation),
    // The schema lets a name be empty (the engine's records may have none); this screen asks for one.
    check: nameCheck,
    toInput: (values) => values,
  });
  const { values } = form;
  const errors = errorTexts(form.errors);
  const save = useSaveConfirmation(eventId, formId, confirmation?.id ?? null);
  const navigate = useNavigate();
  const list = `/admin/forms/${formId}/confirmations`;
  // The default stays the default until another confirmation takes the mark (the server agrees).
  const wasDefault = confirmation?.isDefault ?? false;

  const submit = usePartSubmit(form, save, {
    // The message travels with the navigation: arriving on another path clears the banner.
    onSaved: () =>
      navigate(list, {
        state: feedbackState('success', confirmation ? undefined : 'The confirmation has been added'),
      }),
    ownChecks: nameCheck,
    invalid: FORM_ERRORS.invalidConfirmation,
  });

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate maw={760}>
      <Stack gap="md">
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <Suspense fallback={<Loading label="Loading the editor" />}>
          <RichTextField
            label="Message"
            value={values.message}
            error={errors.message}
            onChange={(html) => form.setFieldValue('message', html)}
          />
        </Suspense>
        <Switch
          label="Default"
          description="Shown when no other active confirmation's rules match. A form has one default."
          disabled={wasDefault}
          {...form.getInputProps('isDefault', { type: 'checkbox' })}
        />
        <Switch label="Active" {...form.getInputProps('isActive', { type: 'checkbox' })} />
        {!values.isDefault && (
          <RulesSection
            detail={detail}
            description="This confirmation is shown when its rules match the answers. Without rules it is never chosen."
            operator={values.operator}
            rules={values.rules}
            onChange={(operator, rules) => form.setValues({ operator, rules })}
          />
        )}
        <SaveCancel
          label={confirmation ? 'Save' : 'Add confirmation'}
          saving={save.isPending}
          onCancel={() => navigate(list)}
        />
      </Stack>
    </Paper>
  );
}

function Screen({ confirmationId }: { confirmationId: string | null }) {
  return (
    <FormPartScreen
      recordId={confirmationId}
      noun="confirmation"
      plural="Confirmations"
      segment="confirmations"
      useRecord={useConfirmation}
    >
      {(props) => <ConfirmationForm {...props} />}
    </FormPartScreen>
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
