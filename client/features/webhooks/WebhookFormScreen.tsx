import {
  Autocomplete,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { FormDetail } from '../../../shared/forms/api';
import type { Webhook } from '../../../shared/forms/schema/webhook';
import type { WebhookBody } from '../../../shared/webhooks/api';
import { fieldErrors } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { feedbackState, useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { groupFieldsLookup } from '../forms/builder/logicRules';
import { RulesEditor } from '../forms/builder/RulesEditor';
import { draftOf } from '../forms/builder/saveBody';
import { useForm } from '../forms/formsApi';
import { formsCrumbs } from '../forms/parts';
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

function WebhookForm(props: { eventId: string; detail: FormDetail; webhook: Webhook | null }) {
  const { eventId, detail, webhook } = props;
  const formId = detail.form.id;
  const [values, setValues] = useState<Values>(() => valuesOf(webhook));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<{ id: string; secret: string } | null>(null);
  const save = useSaveWebhook(eventId, formId, webhook?.id ?? null);
  const customFields = useCustomFields(eventId);
  const feedback = useFeedback();
  const navigate = useNavigate();
  const list = `/admin/forms/${formId}/webhooks`;
  const scope = useMemo(() => {
    const embedded = {
      fields: detail.fields.filter((f) => f.fieldGroupId !== ''),
      fieldGroups: detail.fieldGroups,
    };
    return { fields: draftOf(detail).fields, groupFieldsOf: groupFieldsLookup(embedded) };
  }, [detail]);
  const payloadScope = useMemo(
    () => ({ ...scope, customFields: customFields.data?.items ?? [] }),
    [scope, customFields.data],
  );
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const missing: Record<string, string> = {};
    if (values.name.trim() === '') missing.name = 'Required';
    if (values.requestURL.trim() === '') missing.requestURL = 'Required';
    if (values.payloadFields.some((p) => p.targetId.trim() === ''))
      missing.payloadFields = 'Every payload field needs a key';
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    save.mutate(values as WebhookBody, {
      onSuccess: (answer) => {
        if (answer.secret) setCreated({ id: answer.webhook.id, secret: answer.secret });
        else navigate(`${list}/${answer.webhook.id}`, { state: feedbackState('success') });
      },
      onError: (error) => {
        setErrors(fieldErrors(error));
        feedback.error(error);
      },
    });
  }

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
          <TextInput
            label="Name"
            required
            value={values.name}
            error={errors.name}
            onChange={(e) => set('name', e.currentTarget.value)}
          />
          <Switch
            label="Active"
            description="Sent when a submission is made or changed and every rule matches."
            checked={values.isActive}
            onChange={(e) => set('isActive', e.currentTarget.checked)}
          />
          <TextInput
            label="Request URL"
            description="A public http or https address; private, loopback and metadata addresses are refused."
            required
            type="url"
            value={values.requestURL}
            error={errors.requestURL}
            onChange={(e) => set('requestURL', e.currentTarget.value)}
          />
          <Group grow align="start">
            <Select
              label="Method"
              data={['POST', 'PUT', 'GET', 'DELETE']}
              value={values.requestMethod}
              allowDeselect={false}
              onChange={(v) => set('requestMethod', (v ?? 'POST') as Values['requestMethod'])}
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
              onChange={(v) => set('requestFormat', (v ?? 'JSON') as Values['requestFormat'])}
            />
          </Group>
          <Group grow align="start">
            <Autocomplete
              label="Header"
              description="A header name, or Custom to write 'Name: value' below."
              data={HEADER_NAMES}
              value={values.headerKey}
              error={errors.headerKey}
              onChange={(v) => set('headerKey', v)}
            />
            <TextInput
              label="Header value"
              value={values.headerValue}
              error={errors.headerValue}
              onChange={(e) => set('headerValue', e.currentTarget.value)}
            />
          </Group>
          <Stack gap="xs" component="section" aria-label="Rules">
            <Title order={2} size="h5">
              Rules
            </Title>
            <Text size="sm" c="dimmed">
              Sent only when every rule matches the answers. Without rules, every submission is sent.
            </Text>
            <RulesEditor
              operator="ALL"
              rules={values.rules}
              scope={scope}
              disabled={false}
              hideOperator
              onChange={(_operator, rules) => set('rules', rules)}
            />
          </Stack>
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
              onChange={(rows) => set('payloadFields', rows)}
            />
            {errors.payloadFields && (
              <Text size="sm" c="red">
                {errors.payloadFields}
              </Text>
            )}
          </Stack>
          <Group>
            <Button type="submit" loading={save.isPending}>
              {webhook ? 'Save' : 'Add webhook'}
            </Button>
            <Button variant="default" onClick={() => navigate(webhook ? `${list}/${webhook.id}` : list)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </Paper>
      <WebhookPreview eventId={eventId} detail={detail} draft={values} />
    </Stack>
  );
}

function Screen({ webhookId }: { webhookId: string | null }) {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const { formId = '' } = useParams();
  const detail = useForm(eventId, formId);
  const existing = useWebhook(eventId, formId, webhookId ?? '');
  const title = detail.data?.form.title ?? 'Form';
  const heading = webhookId ? existing.data?.name || 'Edit webhook' : 'Add webhook';
  return (
    <PageHeader
      title={heading}
      breadcrumbs={formsCrumbs(
        { label: title, to: `/admin/forms/${formId}` },
        { label: 'Webhooks', to: `/admin/forms/${formId}/webhooks` },
        { label: webhookId ? 'Edit' : 'Add' },
      )}
    >
      <QueryState query={detail} loading="Loading the form" failed="The form could not be loaded">
        {(data) =>
          webhookId ? (
            <QueryState
              query={existing}
              loading="Loading the webhook"
              failed="The webhook could not be loaded"
            >
              {(webhook) => (
                <WebhookForm key={webhook.id} eventId={eventId} detail={data} webhook={webhook} />
              )}
            </QueryState>
          ) : (
            <WebhookForm eventId={eventId} detail={data} webhook={null} />
          )
        }
      </QueryState>
    </PageHeader>
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
