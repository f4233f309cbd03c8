import type { OutgoingHttpHeaders } from 'node:http';
import { eventIdParamsSchema } from '../../../shared/events/schema';
import { LIVE_ERRORS } from '../../../shared/live/messages';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/errors';
import { actorOf, sessionOf } from '../../platform/http/guards';
import { SESSION_COOKIE } from '../../platform/http/session';
import type { RouteModule } from '../../platform/http/types';
import type { LiveViewer } from '../../platform/live/audience';
import { liveBus } from '../../platform/live/bus';
import { createHub, type LiveStream } from '../../platform/live/hub';
import { findSession } from '../auth/sessions/service';
import { findMembership } from '../membership/queries';
import { viewerOf } from '../portal/queries';
import { livePolicy } from './policy';

/**
 * GET /api/events/:eventId/stream: the event stream of a signed-in member (server-sent events).
 * It carries only "what changed" signals (shared/live/messages.ts); the client refetches through
 * the ordinary routes. One per browser tab; proxies keep it open thanks to the heartbeat comment.
 */

/** Timings and limits; tests lower them before building an app. */
export const liveSettings = {
  /** Under the 30-60 s idle timeouts of common proxies and load balancers. */
  heartbeatMs: 25_000,
  /** How often a stream's session and membership are read again. */
  recheckMs: 5 * 60_000,
  /** Streams one account may hold across every process (tabs across its events); more answer 429. */
  maxPerAccount: 10,
};

/** Above this much unsent text the client is not reading: its stream is closed. */
const MAX_BUFFERED_BYTES = 64 * 1024;

async function viewerNow(ctx: AppContext, stream: LiveStream): Promise<LiveViewer | null> {
  const session = await findSession(ctx.db, stream.credential);
  if (!session || session.accountId !== stream.viewer.accountId) return null;
  const membership = await findMembership(ctx.db, stream.eventId, session.accountId);
  if (!membership) return null;
  const actor = {
    eventId: stream.eventId,
    accountId: session.accountId,
    permissions: membership.permissions,
  };
  const { teamTypeId } = await viewerOf(ctx.db, actor);
  return {
    accountId: session.accountId,
    level: membership.permissions,
    teamId: membership.teamId,
    teamTypeId,
  };
}

export const liveRoutes: RouteModule = (app, ctx, guards) => {
  const hub = createHub(liveBus(ctx.database, ctx.logger), {
    ...liveSettings,
    recheck: (stream) => viewerNow(ctx, stream),
    onError: (err) => ctx.logger.warn({ err }, 'live stream re-check failed'),
  });
  // Open streams would keep the server from closing: end them first (clients reconnect).
  app.addHook('preClose', async () => hub.closeAll());

  app.get(
    '/api/events/:eventId/stream',
    {
      schema: { tags: ['live'], params: eventIdParamsSchema },
      preValidation: [...guards.member, guards.authorize(livePolicy.open)],
    },
    async (request, reply) => {
      // A client that would wait for the end of the answer (a plain fetch, a test's inject) is
      // refused rather than left hanging.
      if (!/\btext\/event-stream\b/.test(request.headers.accept ?? '')) {
        throw new AppError(406, 'not-acceptable', LIVE_ERRORS.notEventStream);
      }
      const actor = actorOf(request);
      const session = sessionOf(request);
      const { teamTypeId } = await viewerOf(ctx.db, actor);
      const raw = reply.raw;
      const handle = await hub.open({
        eventId: actor.eventId,
        sessionKey: session.tokenHash,
        credential: request.cookies[SESSION_COOKIE] ?? '',
        viewer: { accountId: actor.accountId, level: actor.permissions, teamId: actor.teamId, teamTypeId },
        sink: {
          write(text) {
            if (raw.destroyed || raw.writableEnded || !raw.headersSent) return !raw.destroyed;
            raw.write(text);
            return raw.writableLength < MAX_BUFFERED_BYTES;
          },
          end() {
            if (!raw.writableEnded) raw.end();
          },
        },
      });
      if (!handle) throw new AppError(429, 'too-many-requests', LIVE_ERRORS.tooManyStreams);
      reply.hijack();
      raw.on('close', () => handle.close());
      raw.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx would otherwise hold the signals in its buffer.
        'x-accel-buffering': 'no',
      });
      // Sends the head at once, so the client's EventSource opens (and its fallback poll stops).
      raw.write(': connected\n\n');
      if (raw.destroyed) handle.close();
    },
  );
};
