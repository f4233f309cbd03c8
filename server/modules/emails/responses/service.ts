import { and, count, desc, eq, inArray } from 'drizzle-orm';
import {
  batchFailureMessage,
  type EmailResponseListResponse,
  RESEND_ERRORS,
  type ResendResponse,
} from '../../../../shared/emails/responsesApi';
import { TABLE_PAGE_SIZE } from '../../../../shared/ui/constants';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import { withTransaction } from '../../../platform/db/transaction';
import type { EventScope, Scope } from '../../../platform/http/actor';
import { notFound } from '../../../platform/http/errors';
import { memberships } from '../../people/tables';
import { deliver, providerAnswer } from '../delivery/service';
import { queueEmails } from '../service';
import { emailResponses, outboxEmails } from '../tables';
import type { EmailKind } from '../templates/email';
import type { Outboxed } from './log';
import { presentEmailResponse } from './present';

/**
 * The email delivery log (spec: Email response), read per user by organisers, who can resend
 * from it. It is written by log.ts as the outbox delivers.
 */

/** Kinds whose one-time link leaves the outbox once sent: a copy would carry a dead link. */
const ONE_TIME_LINK_KINDS = new Set(['setPassword', 'resetPassword', 'verifyEmailChange']);

/** A user's emails in this event, newest first, 100 a page (the user must belong to the event). */
export async function listUserEmails(
  db: DbOrTx,
  scope: EventScope,
  userId: string,
  query: { page?: number } = {},
): Promise<EmailResponseListResponse> {
  const { eventId } = scope;
  const page = query.page ?? 1;
  const [member] = await db
    .select({ accountId: memberships.accountId })
    .from(memberships)
    .where(and(eq(memberships.eventId, eventId), eq(memberships.accountId, userId)));
  if (!member) throw notFound('User not found');
  const where = and(eq(emailResponses.eventId, eventId), eq(emailResponses.userId, userId));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ response: emailResponses, subject: outboxEmails.subject })
      .from(emailResponses)
      .innerJoin(outboxEmails, eq(outboxEmails.id, emailResponses.outboxId))
      .where(where)
      .orderBy(desc(emailResponses.createdAt), desc(emailResponses.id))
      .limit(TABLE_PAGE_SIZE)
      .offset((page - 1) * TABLE_PAGE_SIZE),
    db.select({ total: count() }).from(emailResponses).where(where),
  ]);
  return { items: rows.map(presentEmailResponse), total, page, pageSize: TABLE_PAGE_SIZE };
}

/**
 * Sends a copy of each chosen email now, in the order chosen, through the outbox (so the copy is
 * logged like any email). A copy that fails is reported as '{code} - {message}' and the rest go on.
 */
export async function resendUserEmails(
  ctx: AppContext,
  scope: Scope,
  userId: string,
  ids: readonly string[],
): Promise<ResendResponse> {
  const { eventId } = scope;
  const unique = [...new Set(ids)];
  const rows = await ctx.db
    .select({ id: emailResponses.id, email: outboxEmails })
    .from(emailResponses)
    .innerJoin(outboxEmails, eq(outboxEmails.id, emailResponses.outboxId))
    .where(
      and(
        eq(emailResponses.eventId, eventId),
        eq(emailResponses.userId, userId),
        inArray(emailResponses.id, unique),
      ),
    );
  if (rows.length !== unique.length) throw notFound('Email not found');
  const byId = new Map(rows.map((row) => [row.id, row.email]));
  const sentIds: string[] = [];
  const failed: ResendResponse['failed'] = [];
  const failures: { index: number; error: string }[] = [];
  for (const [index, id] of unique.entries()) {
    const email = byId.get(id) as Outboxed;
    let error: string | null = null;
    if (ONE_TIME_LINK_KINDS.has(email.kind)) {
      error = RESEND_ERRORS.oneTimeLink;
    } else {
      // The copy's outbox row in a transaction, so the request's audit entry commits with it (0045).
      const [copyId] = await withTransaction(ctx.db, (tx) =>
        queueEmails(tx, scope, [
          {
            kind: email.kind as EmailKind,
            to: email.to,
            replyTo: email.replyTo,
            content: { subject: email.subject, text: email.text, html: email.html, links: email.links },
          },
        ]),
      );
      error = await deliver(ctx, copyId).then(
        () => null,
        (err: unknown) => providerAnswer(err),
      );
    }
    if (error === null) sentIds.push(id);
    else {
      failed.push({ id, error });
      failures.push({ index, error });
    }
  }
  return { sentIds, failed, message: batchFailureMessage(failures) };
}
