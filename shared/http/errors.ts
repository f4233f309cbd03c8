import { z } from 'zod';

/** Stable error codes of the API; identity errors use `auth/<code>` (see shared/auth/errors). */
export const ERROR_CODES = [
  'validation',
  'not-found',
  'forbidden',
  'conflict',
  'rate-limited',
  'payload-too-large',
  'internal',
] as const;

export const errorIssueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});
export type ErrorIssue = z.infer<typeof errorIssueSchema>;

/** The one error body every failing request answers with. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.array(errorIssueSchema).optional(),
    /** The request's id (also its X-Request-Id header and on its log lines), for support. */
    requestId: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export { HTTP_ERROR_TITLES } from './errorTitles';
