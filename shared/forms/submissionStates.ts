// A submission's state as the /forms list shows it, apart from submissionsApi.ts (its Zod schemas
// re-export it) so the list loads no Zod (decision 0041).

export const SUBMISSION_STATES = ['notStarted', 'draft', 'submitted'] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];
export const SUBMISSION_STATE_LABELS: Record<SubmissionState, string> = {
  notStarted: 'Not started',
  draft: 'Draft',
  submitted: 'Submitted',
};
