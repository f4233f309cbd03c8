/**
 * Two of the spec's list filters, "task id" and "user action status" (decision 0044 says which lists
 * carry them and why). No Zod here: the task screens read these (decision 0041); the query schemas
 * are in api.ts and adminApi.ts.
 */

// The shape z.uuid() accepts (RFC 9562 variants, plus the nil and max ids), so the screen and the
// server agree on what a whole id is.
const UUID =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/i;

/** What the "Task id" box says to text that is not a whole id (it is not sent). */
export const TASK_ID_ERROR = "Enter a whole task id, as in the task's address";

/** Spec filter "task id": whether text typed into the "Task id" box is a whole id to filter by. */
export function isTaskId(value: string): boolean {
  return UUID.test(value.trim());
}

/**
 * Spec filter "user action status": where a team's own action on the task stands with the
 * organisers, its approval state (spec task status: approvalStatus). "Awaiting approval" counts only
 * while the task still needs approval, as the row's Approval column shows it.
 */
export const USER_ACTION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type UserActionStatus = (typeof USER_ACTION_STATUSES)[number];
/** The words of the Approval column (APPROVAL_LABELS in approvals.ts; a unit test keeps them equal). */
export const USER_ACTION_STATUS_LABELS: Record<UserActionStatus, string> = {
  pending: 'Awaiting approval',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** A filter read from an address, when it is one the lists know; anything else is no filter. */
export function toUserActionStatus(value: string | null | undefined): UserActionStatus | null {
  return USER_ACTION_STATUSES.find((known) => known === value) ?? null;
}
