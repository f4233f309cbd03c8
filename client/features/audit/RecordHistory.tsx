import { Stack, Tabs } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { AUDIT_LEVEL } from '../../../shared/audit/api';
import { can } from '../../../shared/auth/permissions';
import { useSession } from '../../lib/session';
import { QueryState } from '../../ui/QueryState';
import { AuditTable } from './AuditTrail';
import { useAudit } from './auditApi';

/** A record's History (admins): the audit trail's list, filtered to this one record. */
export function RecordHistory(props: { eventId: string; entityType: string; entityId: string }) {
  const [page, setPage] = useState(1);
  const audit = useAudit(props.eventId, { entityType: props.entityType, entityId: props.entityId, page });
  return (
    <Stack gap="sm">
      <QueryState query={audit} loading="Loading the history" failed="The history could not be loaded">
        {(data) => <AuditTable page={data} label="History" onPage={setPage} showEntity={false} />}
      </QueryState>
    </Stack>
  );
}

/**
 * An admin edit screen's form with a History tab beside it, as on the task screen: admins see
 * both tabs, everyone else the form alone. The form stays mounted while History is open (an edit
 * in progress survives a look at the history), and History loads only once it is opened, so the
 * edit screen costs no audit query until someone asks.
 */
export function WithHistory(props: {
  eventId: string;
  entityType: string;
  entityId: string;
  /** The form's tab, in the screen's own words ("Supplier details"). */
  detailsLabel: string;
  children: ReactNode;
}) {
  const { level } = useSession();
  const [tab, setTab] = useState<string | null>('details');
  if (!can(level, AUDIT_LEVEL)) return <>{props.children}</>;
  return (
    <Tabs value={tab} onChange={setTab}>
      <Tabs.List mb="md">
        <Tabs.Tab value="details">{props.detailsLabel}</Tabs.Tab>
        <Tabs.Tab value="history">History</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="details">{props.children}</Tabs.Panel>
      <Tabs.Panel value="history">
        {tab === 'history' && (
          <RecordHistory eventId={props.eventId} entityType={props.entityType} entityId={props.entityId} />
        )}
      </Tabs.Panel>
    </Tabs>
  );
}
