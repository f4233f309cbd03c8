import { Autocomplete, Group, Paper, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { Webhook } from '../../../shared/forms/schema/webhook';
import { WEBHOOK_ERRORS, webhookBodySchema } from '../../../shared/webhooks/api';
import { errorTexts, useSchemaForm } from '../../lib/useSchemaForm';
import { feedbackState } from '../../ui/FeedbackBanner';
import {
  FormPartScreen,
  type PartEditorProps,
  RulesSection,
  SaveCancel,
  usePartSubmit,
  useRulesScope,
} from '../forms/FormPartEditor';
import { useCustomFields } from '../people/customFieldsApi';
import { PayloadFieldsEditor } from './PayloadFieldsEditor';
import { SecretReveal } from './SecretReveal';
import { WebhookPreview } from './WebhookPreview';
import { useSaveWebhook, useWebhook } from './webhooksApi';

type Values = Pick<
  Webhook,
  | 'name'
  | 'isActive'
  | 'rules'
  | 'requestURL'
  | 'requestMethod'
  | 'requestFormat'
  | 'headerKey'
  | 'headerValue'
  | 'payloadFields'
>;

const HEADER_NAMES = ['Authorization', 'X-API-Key', 'X-Auth-Token', 'Custom'];

// Spec: a webhook is active by default and posts JSON.
const valuesOf = (w: Webhook | null): Values => ({
  name: w?.name ?? '',
  isActive: w?.isActive ?? true,
  rules: w?.rules ?? [],
  requestURL: w?.requestURL ?? '',
  requestMethod: w?.requestMethod ?? 'POST',
  requestFormat: w?.requestFormat ?? 'JSON',
  headerKey: w?.headerKey ?? '',
  headerValue: w?.headerValue ?? '',
  payloadFields: w?.payloadFields ?? [],
});

/** This screen's own words for what is missing; the schema's messages cover the rest. */
const ownChecks = (values: Values) => ({
  name: values.name.trim() === '' ? 'Required' : undefined,
  requestURL: values.requestURL.trim() === '' ? 'Required' : undefined,
  payloadFields: values.payloadFields.some((p) => p.targetId.trim() === '')
    ? 'Every payload field needs a key'
    : undefined,
});

function WebhookForm({ eventId, detail, record: webhook }: PartEditorProps<Webhook>) {
  const formId = detail.form.id;
  const form = useSchemaForm(webhookBodySchema, {
    initialValues: valuesOf(webhook),
    check: ownChecks,
    toInput: (values) => values,
  });
  const { values } = form;
  const errors = errorTexts(form.errors);
  const [created, setCreated] = useState<{ id: string; secret: string } | null>(null);
  const save = useSaveWebhook(eventId, formId, webhook?.id ?? null);
  const customFields = useCustomFields(eventId);
  const navigate = useNavigate();
  const list = `/admin/forms/${formId}/webhooks`;
  const scope = useRulesScope(detail);
  const payloadScope = useMemo(
    () => ({ ...scope, customFields: customFields.data?.items ?? [] }),
    [scope, customFields.data],
  );

  const submit = usePartSubmit(form, save, {
    // The message travels with the navigation: arriving on another path clears the banner.
    onSaved: (answer) => {
      if (answer.secret) setCreated({ id: answer.webhook.id, secret: answer.secret });
      else navigate(`${list}/${answer.webhook.id}`, { state: feedbackState('success') });
    },
    ownChecks: ownChecks,
    invalid: WEBHOOK_ERRORS.invalidWebhook,
  });

  if (created)
    return (
      <SecretReveal
        secret={created.secret}
        doneLabel="Continue to the webhook"
        onDone={() =>
          navigate(`${list}/${created.id}`, { state: feedbackState('success', 'The webhook has been added') })
        }
      />
    );

  return (
    <Stack gap="md" maw={960}>
      <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <Switch
            label="Active"
            description="Sent when a submission is made or changed and every rule matches."
            {...form.getInputProps('isActive', { type: 'checkbox' })}
          />
          <TextInput
            label="Request URL"
            description="A public http or https address; private, loopback and metadata addresses are refused."
            required
            type="url"
            {...form.getInputProps('requestURL')}
          />
          <Group grow align="start">
            <Select
              label="Method"
              data={['POST', 'PUT', 'GET', 'DELETE']}
              value={values.requestMethod}
              allowDeselect={false}
              onChange={(v) => form.setFieldValue('requestMethod', (v ?? 'POST') as Values['requestMethod'])}
            />
            <Select
              label="Format"
              data={[
                { value: 'JSON', label: 'JSON' },
                { value: 'XML', label: 'XML' },
                { value: 'FORM', label: 'Form (URL-encoded)' },
              ]}
              value={values.requestFormat}
              allowDeselect={false}
              onChange={(v) => form.setFieldValue('requestFormat', (v ?? 'JSON') as Values['requestFormat'])}
            />
          </Group>
          <Group grow align="start">
            <Autocomplete
              label="Header"
              description="A header name, or Custom to write 'Name: value' below."
              data={HEADER_NAMES}
              {...form.getInputProps('headerKey')}
            />
            <TextInput label="Header value" {...form.getInputProps('headerValue')} />
          </Group>
          <RulesSection
            detail={detail}
            description="Sent only when every rule matches the answers. Without rules, every submission is sent."
            operator="ALL"
            rules={values.rules}
            hideOperator
            onChange={(_operator, rules) => form.setFieldValue('rules', rules)}
          />
          <Stack gap="xs" component="section" aria-label="Payload">
            <Title order={2} size="h5">
              Payload
            </Title>
            <Text size="sm" c="dimmed">
              Each row sends one value under its key. Hidden answers are sent as empty (null).
            </Text>
            <PayloadFieldsEditor
              rows={values.payloadFields}
              scope={payloadScope}
              onChange={(rows) => form.setFieldValue('payloadFields', rows)}
            />
            {errors.payloadFields && (
              <Text size="sm" c="red">
                {errors.payloadFields}
              </Text>
            )}
          </Stack>
          <SaveCancel
            label={webhook ? 'Save' : 'Add webhook'}
            saving={save.isPending}
            onCancel={() => navigate(webhook ? `${list}/${webhook.id}` : list)}
          />
        </Stack>
      </Paper>
      <WebhookPreview eventId={eventId} detail={detail} draft={values} />
    </Stack>
  );
}

function Screen({ webhookId }: { webhookId: string | null }) {
  return (
    <FormPartScreen
      recordId={webhookId}
      noun="webhook"
      plural="Webhooks"
      segment="webhooks"
      useRecord={useWebhook}
    >
      {(props) => <WebhookForm {...props} />}
    </FormPartScreen>
  );
}

/** /admin/forms/:formId/webhooks/add */
export function AddWebhookScreen() {
  return <Screen webhookId={null} />;
}

/** /admin/forms/:formId/webhooks/:webhookId/edit */
export function EditWebhookScreen() {
  const { webhookId = '' } = useParams();
  return <Screen key={webhookId} webhookId={webhookId} />;
}

export { EditWebhookScreen as Component };
