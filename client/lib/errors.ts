import { authErrorMessage } from '../../shared/auth/errors';
import { DEFAULT_FEEDBACK_MESSAGES } from '../../shared/ui/constants';
import { ApiError } from './api';

/**
 * The text to show a person for any failure: identity codes get the spec's friendly texts, other
 * API errors carry the server's message (already in the spec's words), and anything else (a bug,
 * a contract mismatch) gets the default error feedback rather than a developer's message.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code.startsWith('auth/')) return authErrorMessage(error.code);
    if (error.message) return error.message;
  }
  return DEFAULT_FEEDBACK_MESSAGES.error;
}

/** Field messages keyed by dotted path (`event.startDate`), from a 400 answer or a local Zod check. */
export function issuesByPath(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const byPath: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    // The first message per field is the most specific one; later ones would only repeat it.
    if (!(key in byPath)) byPath[key] = issue.message;
  }
  return byPath;
}

export function fieldErrors(error: unknown): Record<string, string> {
  if (error instanceof ApiError && error.issues.length > 0) return issuesByPath(error.issues);
  return {};
}
