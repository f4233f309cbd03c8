import type { CloneStatus } from '../../../shared/editions/clone';
import { progressOf } from './jobs';
import type { eventClones } from './tables';

export type CloneRow = typeof eventClones.$inferSelect;

/** A clone row → its status (shared/editions/clone), with the live progress of a running one. */
export function presentClone(row: CloneRow): CloneStatus {
  const live = row.state === 'running' ? progressOf(row.id) : undefined;
  return {
    id: row.id,
    name: row.name,
    shiftDays: row.shiftDays,
    state: row.state,
    doneSteps: live?.doneSteps ?? row.doneSteps,
    totalSteps: live?.totalSteps ?? row.totalSteps,
    newEventId: row.newEventId,
    error: row.error,
  };
}
