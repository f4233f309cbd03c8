import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import type { Scope } from '../../platform/http/actor';
import { defineJob } from '../../platform/jobs';
import { outboxEmails } from './tables';
import type { EmailContent, EmailKind } from './templates/email';

export const sendEmailJob = defineJob('email.send', z.object({ v: z.literal(1), outboxId: z.uuid() }));

type QueuedEmail = { kind: EmailKind; to: string; content: EmailContent; replyTo?: string | null };
type EmailInput = QueuedEmail & { eventId: string | null; actor: string };

/** The outbox row of an email: every way of queueing one writes it so. */
function outboxRow(id: string, input: EmailInput) {
  return {
    id,
    eventId: input.eventId,
    kind: input.kind,
    to: input.to,
    replyTo: input.replyTo ?? null,
    subject: input.content.subject,
    text: input.content.text,
    html: input.content.html,
    links: input.content.links,
    createdBy: input.actor,
    updatedBy: input.actor,
  };
}

/** Writes the email to the outbox inside the caller's transaction; deliver it after commit. */
export async function queueEmail(tx: DbOrTx, input: EmailInput): Promise<string> {
  const { id, insert } = emailQueueing(tx, input);
  await insert;
  return id;
}

/**
 * queueEmail's write as a query not yet run, with the outbox id it will have: for a caller that
 * runs it inside one statement of its own (the bulk team import). Dispatch the id after commit.
 */
export function emailQueueing(tx: DbOrTx, input: EmailInput) {
  const id = crypto.randomUUID();
  return { id, insert: tx.insert(outboxEmails).values(outboxRow(id, input)) };
}

/**
 * Many emails of one event in one insert (a notification to every team); ids in the given order.
 * Rows are written in chunks so that a statement stays well under the parameter limit.
 */
export async function queueEmails(
  tx: DbOrTx,
  scope: Scope,
  emails: readonly QueuedEmail[],
): Promise<string[]> {
  const { eventId, accountId: actor } = scope;
  const ids: string[] = [];
  for (let i = 0; i < emails.length; i += 500) {
    const rows = emails
      .slice(i, i + 500)
      .map((email) => outboxRow(crypto.randomUUID(), { ...email, eventId, actor }));
    await tx.insert(outboxEmails).values(rows);
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** Hands committed outbox emails to the job queue, in one insert however many there are. */
export async function dispatchEmails(ctx: AppContext, outboxIds: string[]): Promise<void> {
  await sendEmailJob.sendMany(
    ctx,
    outboxIds.map((outboxId) => ({ v: 1 as const, outboxId })),
  );
}
