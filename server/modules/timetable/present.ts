import type { z } from 'zod';
import type { ErrorIssue } from '../../../shared/http/errors';

/** Zod issues in the error body's shape. */
export function issuesOf(error: z.ZodError): ErrorIssue[] {
  return error.issues.map((i) => ({
    path: i.path.map((p) => (typeof p === 'number' ? p : String(p))),
    message: i.message,
  }));
}
