import { Badge, Code, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import type { AuditEntry, AuditPage } from '../../../shared/audit/api';
import { formatDateTime } from '../../lib/format';
import { useEventDates } from '../../lib/session';
import { PersonAvatar } from '../../ui/PersonAvatar';
import { useScrollRegion } from '../../ui/useScrollRegion';

/** Who made an entry: a person, a person's token, or 'System Update' (spec: initials SU). */
export function AuditActor({ entry }: { entry: AuditEntry }) {
  const { actor } = entry;
  const name = actor.kind === 'system' ? actor.name || 'System Update' : actor.name || 'Removed account';
  return (
    <Group gap="xs" wrap="nowrap">
      <PersonAvatar name={name} />
      <div>
        <Text size="sm">{name}</Text>
        {actor.kind === 'token' && (
          <Text size="xs" c="dimmed">
            with the token {actor.tokenName ?? 'removed'}
          </Text>
        )}
      </div>
    </Group>
  );
}

function show(value: unknown): string {
  if (value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text || '""';
}

function Changes({ entry }: { entry: AuditEntry }) {
  const fields = Object.entries(entry.changes);
  if (fields.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No field details
      </Text>
    );
  return (
    <Stack gap={2}>
      {fields.slice(0, 8).map(([field, { before, after }]) => (
        <Text size="xs" key={field} style={{ wordBreak: 'break-word' }}>
          <Code>{field}</Code> {before !== undefined && <>{show(before)} → </>}
          {show(after)}
        </Text>
      ))}
      {fields.length > 8 && (
        <Text size="xs" c="dimmed">
          and {fields.length - 8} more fields
        </Text>
      )}
    </Stack>
  );
}

/** The entries of one page of the trail, newest first, with the pager under them. */
export function AuditTable(props: {
  page: AuditPage;
  label: string;
  onPage: (page: number) => void;
  showEntity?: boolean;
}) {
  const dates = useEventDates();
  // Narrower than its columns (an edit screen's History tab), it scrolls as a keyboard region.
  const region = useScrollRegion(props.label);
  const { page } = props;
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  if (page.items.length === 0)
    return <Text c="dimmed">No changes recorded{page.page > 1 ? ' on this page' : ''}.</Text>;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={760} type="native" {...region}>
        <Table striped aria-label={props.label} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              {props.showEntity !== false && <Table.Th>Record</Table.Th>}
              <Table.Th>Action</Table.Th>
              <Table.Th>What changed</Table.Th>
              <Table.Th>From</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.items.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at, dates)}</Table.Td>
                <Table.Td>
                  <AuditActor entry={entry} />
                </Table.Td>
                {props.showEntity !== false && (
                  <Table.Td>
                    <Text size="sm">{entry.entityType}</Text>
                    {entry.entityId && (
                      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                        {entry.entityId}
                      </Text>
                    )}
                  </Table.Td>
                )}
                <Table.Td>
                  <Badge variant="light" color="gray">
                    {entry.action}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Changes entry={entry} />
                </Table.Td>
                <Table.Td>
                  <Text size="xs">
                    {entry.address ?? (entry.route?.startsWith('cli') ? 'Command line' : '—')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {page.total} {page.total === 1 ? 'change' : 'changes'}
        </Text>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page.page}
            onChange={props.onPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        )}
      </Group>
    </Stack>
  );
}
