import { Code, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { FormDetail } from '../../../shared/forms/api';
import { type ClientData, makeDefinition } from '../../../shared/forms/definition';
import type { Webhook } from '../../../shared/forms/schema/webhook';
import { buildWebhookRequest } from '../../../shared/forms/webhooks';
import { useSubmission, useSubmissions } from '../forms/fill/fillApi';

type Draft = Omit<Webhook, 'id' | 'parentType' | 'parentId' | 'isActive' | 'rules' | 'name'>;

const SAMPLE = 'sample';
/** The person and team a preview reads: the admin screens do not load a submitter's details. */
const sampleClient = (teamName: string): ClientData => ({
  userId: 'sample-user-id',
  firstName: 'Sam',
  surname: 'Sample',
  email: 'sam.sample@example.com',
  teamId: 'sample-team-id',
  teamName,
  customFields: {},
});

const pretty = (body: string, format: Draft['requestFormat']) => {
  if (format !== 'JSON') return body;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
};

/**
 * The request the webhook would send, built by the same engine function the server sends with
 * (shared/forms/webhooks.ts), from a recent submission or from blank answers.
 */
export function WebhookPreview(props: { eventId: string; detail: FormDetail; draft: Draft }) {
  const { eventId, detail, draft } = props;
  const formId = detail.form.id;
  const [picked, setPicked] = useState(SAMPLE);
  const recent = useSubmissions(eventId, formId, {
    page: 1,
    sort: 'updatedAt',
    order: 'desc',
    search: '',
    state: 'submitted',
  });
  const submission = useSubmission(eventId, formId, picked === SAMPLE ? '' : picked);
  const chosen = picked === SAMPLE ? null : submission.data;

  const request = useMemo(() => {
    const definition = chosen
      ? makeDefinition(chosen.definition.form, chosen.definition.fields, chosen.definition.fieldGroups)
      : makeDefinition(detail.form, detail.fields, detail.fieldGroups);
    const webhook: Webhook = {
      ...draft,
      id: 'preview',
      name: '',
      parentType: 'form',
      parentId: formId,
      isActive: true,
      rules: [],
      requestURL: draft.requestURL || 'https://receiver.example.com/hook',
    };
    const context = { client: sampleClient(chosen?.submission.teamName || 'Sample team') };
    return buildWebhookRequest(definition, webhook, chosen?.submission.values ?? {}, context);
  }, [chosen, detail, draft, formId]);

  const choices = [
    { value: SAMPLE, label: 'Sample: blank answers' },
    ...(recent.data?.items ?? []).map((s) => ({
      value: s.id,
      label: `${s.teamName || (s.isGuest ? 'Guest' : 'Submission')}, ${new Date(s.updatedAt).toLocaleString()}`,
    })),
  ];
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Preview">
      <Stack gap="xs">
        <Title order={2} size="h5">
          Preview
        </Title>
        <Select
          label="Built from"
          data={choices}
          value={picked}
          allowDeselect={false}
          onChange={(value) => setPicked(value ?? SAMPLE)}
        />
        {submission.isError && picked !== SAMPLE && (
          <Text size="sm" c="red">
            That submission could not be loaded; the preview shows blank answers.
          </Text>
        )}
        <Text size="sm" c="dimmed">
          Person and team values are a sample here; the signature headers (webhook-id, webhook-timestamp,
          webhook-signature) are added when it is sent.
        </Text>
        <Code block role="group" aria-label="Request line and headers">
          {`${request.method} ${request.url}${headers ? `\n${headers}` : ''}`}
        </Code>
        <Code block role="group" aria-label="Body" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {request.body === null
            ? '(no body: GET sends the payload in the query string)'
            : pretty(request.body, draft.requestFormat)}
        </Code>
      </Stack>
    </Paper>
  );
}
