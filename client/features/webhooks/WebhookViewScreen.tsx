import { Badge, Button, Code, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Webhook } from '../../../shared/forms/schema/webhook';
import type { Delivery } from '../../../shared/webhooks/api';
import { WEBHOOK_MAX_ATTEMPTS } from '../../../shared/webhooks/api';
import { formatDateTime } from '../../lib/format';
import { useEventDates, useSession } from '../../lib/session';
import { useConfirm } from '../../ui/confirm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading, QueryState } from '../../ui/QueryState';
import { useForm } from '../forms/formsApi';
import { formsCrumbs } from '../forms/parts';
import { SecretReveal } from './SecretReveal';
import { webhookName } from './WebhooksScreen';
import { useDeliveries, useRotateSecret, useSendDelivery, useWebhook } from './webhooksApi';

/**
 * Outline badges in the notification badges' shades: small text keeps 4.5:1 on the striped rows
 * (axe; Mantine's green 9 is only 4.4:1 on white). Succeeded takes the theme's own colour.
 */
const STATE_COLORS: Record<Delivery['state'], string | undefined> = {
  pending: 'gray.8',
  succeeded: undefined,
  failed: 'red.9',
};
const KIND_LABELS: Record<Delivery['kind'], string> = {
  submitted: 'Submitted',
  updated: 'Updated',
  test: 'Test',
  redeliver: 'Redelivery',
};

/** A JSON answer indented for reading; anything else as it came. */
export function prettyResponse(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function Settings({ webhook }: { webhook: Webhook }) {
  const rows: [string, string][] = [
    ['Status', webhook.isActive ? 'Active' : 'Inactive'],
    ['Request', `${webhook.requestMethod} ${webhook.requestURL}`],
    ['Format', webhook.requestFormat],
    ['Header', webhook.headerKey ? `${webhook.headerKey} (value hidden)` : 'None'],
    ['Rules', webhook.rules.length === 0 ? 'Every submission' : `${webhook.rules.length}, all must match`],
    ['Payload', webhook.payloadFields.map((p) => p.targetId).join(', ') || 'Empty'],
  ];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Settings">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

function DeliveryLog(props: { eventId: string; formId: string; webhookId: string }) {
  const { eventId, formId, webhookId } = props;
  const dates = useEventDates();
  const deliveries = useDeliveries(eventId, formId, webhookId);
  const send = useSendDelivery(eventId, formId, webhookId);
  const feedback = useFeedback();
  const [open, setOpen] = useState<string | null>(null);
  const redeliver = (id: string) =>
    send.mutate(
      { redeliver: id },
      {
        onSuccess: () => feedback.success('Redelivery queued'),
        onError: (error) => feedback.error(error),
      },
    );

  if (deliveries.isPending) return <Loading label="Loading the deliveries" />;
  if (deliveries.isError)
    return (
      <LoadFailed
        title="The deliveries could not be loaded"
        error={deliveries.error}
        retry={deliveries.refetch}
      />
    );
  if (deliveries.data.items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing sent yet. Deliveries appear here when a submission is made or changed, or after Send test.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped aria-label="Deliveries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Attempt</Table.Th>
            <Table.Th>Status code</Table.Th>
            <Table.Th>Duration</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.data.items.map((d) => (
            <DeliveryRow
              key={d.id}
              delivery={d}
              when={formatDateTime(d.lastAttemptAt ?? d.createdAt, dates)}
              isOpen={open === d.id}
              onToggle={() => setOpen(open === d.id ? null : d.id)}
              onRedeliver={() => redeliver(d.id)}
              busy={send.isPending}
              nextAt={d.nextAttemptAt ? formatDateTime(d.nextAttemptAt, dates) : null}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DeliveryRow(props: {
  delivery: Delivery;
  when: string;
  nextAt: string | null;
  isOpen: boolean;
  busy: boolean;
  onToggle: () => void;
  onRedeliver: () => void;
}) {
  const { delivery: d, when, nextAt, isOpen, busy, onToggle, onRedeliver } = props;
  return (
    <>
      <Table.Tr>
        <Table.Td>{when}</Table.Td>
        <Table.Td>{KIND_LABELS[d.kind]}</Table.Td>
        <Table.Td>
          <Badge color={STATE_COLORS[d.state]} variant="outline">
            {d.state}
          </Badge>
        </Table.Td>
        <Table.Td>
          {d.attempt} of {WEBHOOK_MAX_ATTEMPTS}
        </Table.Td>
        <Table.Td>{d.statusCode ?? '-'}</Table.Td>
        <Table.Td>{d.durationMs === null ? '-' : `${d.durationMs} ms`}</Table.Td>
        <Table.Td>
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="default" onClick={onToggle} aria-expanded={isOpen}>
              {isOpen ? 'Hide response' : 'Response'}
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={onRedeliver}
              loading={busy}
              aria-label={`Redeliver the delivery of ${when}`}
            >
              Redeliver
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
      {isOpen && (
        <Table.Tr>
          <Table.Td colSpan={7}>
            <Stack gap={4}>
              {d.error && (
                <Text size="sm" c="red">
                  {d.error}
                </Text>
              )}
              {nextAt && <Text size="sm">Next try: {nextAt}</Text>}
              <Code
                block
                role="group"
                aria-label="Response"
                style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
              >
                {d.responseText ? prettyResponse(d.responseText) : '(no response body)'}
              </Code>
            </Stack>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** /admin/forms/:formId/webhooks/:webhookId (admin only): settings, delivery log, test, secret. */
export function WebhookViewScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const { formId = '', webhookId = '' } = useParams();
  const form = useForm(eventId, formId);
  const webhook = useWebhook(eventId, formId, webhookId);
  const send = useSendDelivery(eventId, formId, webhookId);
  const rotate = useRotateSecret(eventId, formId, webhookId);
  const confirm = useConfirm();
  const feedback = useFeedback();
  const [secret, setSecret] = useState<string | null>(null);
  const title = form.data?.form.title ?? 'Form';
  const at = `/admin/forms/${formId}/webhooks`;

  const sendTest = () =>
    send.mutate(
      { test: {} },
      {
        onSuccess: () => feedback.success('Test queued: it appears in the log below'),
        onError: (error) => feedback.error(error),
      },
    );
  const askRotate = () =>
    confirm({
      title: 'Rotate the signing secret',
      message:
        'A new secret signs every delivery from now on, retries included. The receiving system must be given the new secret, or it will refuse the deliveries.',
      confirmLabel: 'Rotate secret',
      onConfirm: () =>
        rotate.mutateAsync(undefined, {
          onSuccess: (next) => setSecret(next),
          onError: (error) => feedback.error(error),
        }),
    });

  return (
    <PageHeader
      title={webhook.data ? webhookName(webhook.data) : 'Webhook'}
      breadcrumbs={formsCrumbs(
        { label: title, to: `/admin/forms/${formId}` },
        { label: 'Webhooks', to: at },
        { label: webhook.data ? webhookName(webhook.data) : 'Webhook' },
      )}
      actions={
        <Group gap="xs">
          <Button variant="default" component={Link} to={`${at}/${webhookId}/edit`}>
            Edit
          </Button>
          <Button variant="default" onClick={askRotate}>
            Rotate secret
          </Button>
          <Button onClick={sendTest} loading={send.isPending}>
            Send test
          </Button>
        </Group>
      }
      tips="Send test sends the latest submission (or blank answers) now, whatever the rules say. A failed delivery is tried six times over about a day; Redeliver sends its payload again."
    >
      <QueryState query={webhook} loading="Loading the webhook" failed="The webhook could not be loaded">
        {(data) => (
          <Stack gap="md">
            {secret && <SecretReveal secret={secret} doneLabel="Done" onDone={() => setSecret(null)} />}
            <Settings webhook={data} />
            <Stack gap="xs" component="section" aria-label="Delivery log">
              <Title order={2} size="h4">
                Delivery log
              </Title>
              <DeliveryLog eventId={eventId} formId={formId} webhookId={data.id} />
            </Stack>
          </Stack>
        )}
      </QueryState>
    </PageHeader>
  );
}

export { WebhookViewScreen as Component };
