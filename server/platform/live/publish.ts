import type { LiveMessage } from '../../../shared/live/messages';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import type { LiveAudience } from './audience';
import { liveBus } from './bus';

type LiveCtx = Pick<AppContext, 'database' | 'db' | 'logger'>;

/**
 * Tells the open streams of an event that something changed for `to`. Best effort: the change is
 * already stored, and a lost signal costs a client only its fallback poll, so a failure is logged,
 * never thrown into the request that made the change. Pass the transaction as `db` to send at
 * commit (PostgreSQL holds a NOTIFY until then, and drops it on rollback).
 */
export async function publishLive(
  ctx: LiveCtx,
  eventId: string,
  to: LiveAudience,
  message: LiveMessage,
  db: DbOrTx = ctx.db,
): Promise<void> {
  try {
    await liveBus(ctx.database, ctx.logger).publish(db, { kind: 'signal', eventId, to, message });
  } catch (err) {
    ctx.logger.warn({ err, eventId, type: message.type }, 'live signal not sent');
  }
}

/** Sign-out: the streams opened with this session close, in every process. */
export async function endLiveSession(ctx: LiveCtx, sessionKey: string): Promise<void> {
  try {
    await liveBus(ctx.database, ctx.logger).publish(ctx.db, { kind: 'sessionEnded', sessionKey });
  } catch (err) {
    ctx.logger.warn({ err }, 'live session end not sent');
  }
}

/**
 * Every session of an account ended (a password or email change, the account disabled or deleted):
 * all its streams close at once, in every process, rather than at their next re-check.
 */
export async function endLiveAccount(ctx: LiveCtx, accountId: string): Promise<void> {
  try {
    await liveBus(ctx.database, ctx.logger).publish(ctx.db, { kind: 'accountEnded', accountId });
  } catch (err) {
    ctx.logger.warn({ err }, 'live account end not sent');
  }
}
