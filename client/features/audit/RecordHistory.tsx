import { Stack } from '@mantine/core';
import { useState } from 'react';
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
