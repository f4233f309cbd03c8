import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { API_TOKEN_SCOPE_LABELS, type ApiToken, type ApiTokenScope } from '../../../shared/tokens/api';
import { formatDate, formatDateTime, todayIn } from '../../lib/format';
import { useEventDates, useSession } from '../../lib/session';
import { useConfirm } from '../../ui/confirm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from './auditApi';

const crumbs = [{ label: 'Admin', to: '/admin' }, { label: 'API tokens' }];

/** The date a year from today, in the event's zone: the expiry offered by default. */
function aYearFrom(today: string): string {
  const [y, m, d] = today.split('-');
  return `${Number(y) + 1}-${m}-${d}`;
}

function statusOf(token: ApiToken, now: number): { label: string; color: string } {
  if (token.revokedAt) return { label: 'Revoked', color: 'gray' };
  if (Date.parse(token.expiresAt) <= now) return { label: 'Expired', color: 'gray' };
  return { label: 'Active', color: 'green' };
}

/** The secret, shown the one time the server answers it; it is stored hashed and never shown again. */
function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <Alert color="yellow" title="Copy the token now" role="status">
      <Stack gap="xs">
        <Text size="sm">
          Send it as <Code>Authorization: Bearer …</Code>. It will not be shown again; if it is lost, revoke
          it and make another.
        </Text>
        <Code
          block
          role="group"
          aria-label="API token"
          style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
        >
          {secret}
        </Code>
        <Group>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button variant="default" size="xs" onClick={copy}>
                {copied ? 'Copied' : 'Copy token'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function CreateToken({
  eventId,
  today,
  onCreated,
}: {
  eventId: string;
  today: string;
  onCreated: (secret: string) => void;
}) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [expiry, setExpiry] = useState(aYearFrom(today));
  const [error, setError] = useState<string | null>(null);
  const create = useCreateApiToken(eventId);
  const feedback = useFeedback();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Name is required');
    setError(null);
    create.mutate(
      { name: name.trim(), scope, expiresAt: `${expiry}T23:59:59Z` },
      {
        onSuccess: (created) => {
          setName('');
          onCreated(created.secret);
        },
        onError: (err) => feedback.error(err),
      },
    );
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} aria-labelledby="new-token">
      <Title order={2} size="h4" id="new-token" mb="sm">
        New token
      </Title>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Name"
          description="What uses it, e.g. the CRM"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          maxLength={100}
          required
        />
        <Select
          label="Scope"
          data={(['read', 'write'] as const).map((value) => ({
            value,
            label: API_TOKEN_SCOPE_LABELS[value],
          }))}
          value={scope}
          onChange={(value) => value && setScope(value as ApiTokenScope)}
          allowDeselect={false}
        />
        <TextInput
          label="Expires on"
          type="date"
          value={expiry}
          min={today}
          onChange={(e) => setExpiry(e.currentTarget.value)}
          required
        />
        <Button type="submit" loading={create.isPending}>
          Create token
        </Button>
      </Group>
    </Paper>
  );
}

/** /admin/api-tokens (admins): the event's tokens for integrations; made, shown once, revoked. */
export function ApiTokensScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const dates = useEventDates();
  const tokens = useApiTokens(eventId);
  const revoke = useRevokeApiToken(eventId);
  const confirm = useConfirm();
  const feedback = useFeedback();
  const [secret, setSecret] = useState<string | null>(null);
  const now = Date.now();
  const askRevoke = (token: ApiToken) =>
    confirm({
      title: 'Revoke token',
      message: `Revoke "${token.name}"? Anything using it stops working at once. This cannot be undone.`,
      confirmLabel: 'Revoke',
      color: 'red',
      onConfirm: () =>
        revoke.mutate(token.id, {
          onSuccess: () => feedback.success('The token has been revoked'),
          onError: (error) => feedback.error(error),
        }),
    });
  return (
    <PageHeader
      title="API tokens"
      breadcrumbs={crumbs}
      description="Tokens let another system (a CRM, a badge printer) use this event's API as the admin who made them."
    >
      <Stack gap="lg">
        {secret ? (
          <SecretOnce secret={secret} onDone={() => setSecret(null)} />
        ) : (
          <CreateToken eventId={eventId} today={todayIn(dates.timeZone)} onCreated={setSecret} />
        )}
        <QueryState query={tokens} loading="Loading the tokens" failed="The tokens could not be loaded">
          {({ items }) =>
            items.length === 0 ? (
              <Text c="dimmed">No tokens yet. Make one above when a system needs to reach the API.</Text>
            ) : (
              <Table.ScrollContainer minWidth={800}>
                <Table striped aria-label="API tokens">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Scope</Table.Th>
                      <Table.Th>Created by</Table.Th>
                      <Table.Th>Expires</Table.Th>
                      <Table.Th>Last used</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>Actions</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {items.map((token) => {
                      const status = statusOf(token, now);
                      return (
                        <Table.Tr key={token.id}>
                          <Table.Td>
                            <Text size="sm" fw={600}>
                              {token.name}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {token.hint}…
                            </Text>
                          </Table.Td>
                          <Table.Td>{API_TOKEN_SCOPE_LABELS[token.scope]}</Table.Td>
                          <Table.Td>
                            {token.createdBy?.name ?? 'Removed account'}
                            <Text size="xs" c="dimmed">
                              {formatDate(token.createdAt, dates)}
                            </Text>
                          </Table.Td>
                          <Table.Td>{formatDate(token.expiresAt, dates)}</Table.Td>
                          <Table.Td>
                            {token.lastUsedAt ? formatDateTime(token.lastUsedAt, dates) : 'Never'}
                          </Table.Td>
                          <Table.Td>
                            <Badge color={status.color} c="dark.9" variant="light">
                              {status.label}
                            </Badge>
                            {token.revokedAt && (
                              <Text size="xs" c="dimmed">
                                {formatDateTime(token.revokedAt, dates)}
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td>
                            {!token.revokedAt && (
                              <Button
                                size="xs"
                                variant="default"
                                color="red"
                                onClick={() => askRevoke(token)}
                                aria-label={`Revoke ${token.name}`}
                              >
                                Revoke
                              </Button>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          }
        </QueryState>
      </Stack>
    </PageHeader>
  );
}

export { ApiTokensScreen as Component };
