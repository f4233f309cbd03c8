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

/**
 * "Reference: <request id>" for a server failure (500 and up), so a person can quote it to
 * support, who find the request's log lines by it; nothing for the failures a person can fix.
 */
export function errorReference(error: unknown): string | undefined {
  if (error instanceof ApiError && error.status >= 500 && error.requestId)
    return `Reference: ${error.requestId}`;
  return undefined;
}

/** The message with its reference, for a one-line toast or banner. */
export function errorMessageWithReference(error: unknown): string {
  const reference = errorReference(error);
  return reference ? `${errorMessage(error)} (${reference})` : errorMessage(error);
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
