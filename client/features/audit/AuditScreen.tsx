import { Button, Group, NumberInput, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { AuditQuery } from '../../../shared/audit/api';
import { useSession } from '../../lib/session';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { AuditTable } from './AuditTrail';
import { useAudit, useAuditSettings, useSaveAuditSettings } from './auditApi';

const crumbs = [{ label: 'Admin', to: '/admin' }, { label: 'Audit trail' }];

function Retention({ eventId }: { eventId: string }) {
  const settings = useAuditSettings(eventId);
  const save = useSaveAuditSettings(eventId);
  const feedback = useFeedback();
  const [days, setDays] = useState<number | string>('');
  const value = days === '' ? (settings.data?.retentionDays ?? '') : days;
  return (
    <Paper withBorder p="md" radius="md" aria-labelledby="audit-retention">
      <Title order={2} size="h4" id="audit-retention" mb="sm">
        Retention
      </Title>
      <Group align="flex-end">
        <NumberInput
          label="Keep entries for (days)"
          min={1}
          max={3650}
          value={value}
          onChange={setDays}
          disabled={!settings.data}
        />
        <Button
          variant="default"
          loading={save.isPending}
          disabled={!settings.data}
          onClick={() =>
            save.mutate(Number(value), {
              onSuccess: () => feedback.success('The retention has been saved'),
              onError: (error) => feedback.error(error),
            })
          }
        >
          Save
        </Button>
      </Group>
    </Paper>
  );
}

/** /admin/audit (admins): every change in the event, newest first, filtered by record, person and dates. */
export function AuditScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const [query, setQuery] = useState<AuditQuery>({ page: 1 });
  const audit = useAudit(eventId, query);
  const set = (change: Partial<AuditQuery>) => setQuery((q) => ({ ...q, ...change, page: change.page ?? 1 }));
  return (
    <PageHeader
      title="Audit trail"
      breadcrumbs={crumbs}
      description="Who changed what in this event, when and from where: people, their API tokens and the system."
    >
      <Stack gap="lg">
        <Group align="flex-end" wrap="wrap" role="search" aria-label="Filter the audit trail">
          <Select
            label="Record type"
            placeholder="All"
            clearable
            data={audit.data?.entityTypes ?? []}
            value={query.entityType ?? null}
            onChange={(value) => set({ entityType: value ?? undefined })}
          />
          <Select
            label="Person"
            placeholder="Everyone"
            clearable
            searchable
            data={(audit.data?.people ?? []).map((p) => ({ value: p.id, label: p.name }))}
            value={query.accountId ?? null}
            onChange={(value) => set({ accountId: value ?? undefined })}
          />
          <TextInput
            label="From"
            type="date"
            value={query.from ?? ''}
            onChange={(e) => set({ from: e.currentTarget.value || undefined })}
          />
          <TextInput
            label="To"
            type="date"
            value={query.to ?? ''}
            onChange={(e) => set({ to: e.currentTarget.value || undefined })}
          />
        </Group>
        <div aria-busy={audit.isFetching && !audit.isPending}>
          <QueryState
            query={audit}
            loading="Loading the audit trail"
            failed="The audit trail could not be loaded"
          >
            {(page) => <AuditTable page={page} label="Audit trail" onPage={(p) => set({ page: p })} />}
          </QueryState>
        </div>
        <Retention eventId={eventId} />
      </Stack>
    </PageHeader>
  );
}

export { AuditScreen as Component };
