import type { Logger } from 'pino';

/**
 * Spec: "Readers drop records that fail the check and report them" (and "failed validations are
 * logged and reported to an error-reporting service"). A list reader that meets a stored record
 * failing its shape check leaves that record out and calls this, instead of answering 500 for the
 * whole list. The report goes to the log, and to the error reporter when one is installed
 * (`setBadRecordReporter`; none until Sentry-compatible reporting is configured).
 */
export type BadRecord = { kind: string; id: string; issue: string };

type Reporter = (record: BadRecord) => void;
let reporter: Reporter | null = null;

export function setBadRecordReporter(next: Reporter | null): void {
  reporter = next;
}

export function reportBadRecord(logger: Pick<Logger, 'warn'>, record: BadRecord): void {
  logger.warn({ badRecord: record }, `${record.kind} ${record.id} left out: ${record.issue}`);
  reporter?.(record);
}

/** The first issue of a failed parse, in a line. */
export function firstIssue(error: { issues: readonly { message: string; path: readonly PropertyKey[] }[] }) {
  const issue = error.issues[0];
  return issue ? `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}` : 'invalid';
}
