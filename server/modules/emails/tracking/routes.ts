import { and, eq } from 'drizzle-orm';
import {
  TRACKING_ERRORS,
  trackingLinkParamsSchema,
  trackingOpenParamsSchema,
} from '../../../../shared/emails/responsesApi';
import type { AppContext } from '../../../platform/context';
import { AppError, notFound } from '../../../platform/http/errors';
import type { RouteModule } from '../../../platform/http/types';
import { withinLimit } from '../../../platform/rateLimit';
import { logEmailResponse } from '../responses/log';
import { emailResponses, outboxEmails } from '../tables';
import { PIXEL_GIF, TRACKING_PATH } from './service';

/** Opens and clicks one address may report in a minute: a busy office behind one address, not a flood. */
export const TRACKING_HITS_PER_MINUTE = 120;

type Visitor = { userAgent: string | null; ipAddress: string | null };

async function emailOfToken(ctx: AppContext, token: string) {
  const [email] = await ctx.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.trackingToken, token))
    .limit(1);
  return email ?? null;
}

type Email = NonNullable<Awaited<ReturnType<typeof emailOfToken>>>;

/** An email is logged as opened once: mail clients fetch the pixel again on every reading. */
async function recordOpen(ctx: AppContext, email: Email, visitor: Visitor): Promise<void> {
  const [opened] = await ctx.db
    .select({ id: emailResponses.id })
    .from(emailResponses)
    .where(and(eq(emailResponses.outboxId, email.id), eq(emailResponses.type, 'open')))
    .limit(1);
  if (!opened) await logEmailResponse(ctx.db, email, 'open', email.id, 'Opened', visitor);
}

/**
 * The open pixel and the click-through redirects of the emails the portal sent (service.ts).
 * Public, since mail clients call them, but useless without an email's random token; limited per
 * address. A click also counts as an open (many clients block the pixel).
 */
export const emailTrackingRoutes: RouteModule = (app, ctx) => {
  const tags = ['emails'];
  const visitorOf = (request: { ip: string; headers: Record<string, unknown> }): Visitor => ({
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500) || null,
    ipAddress: request.ip || null,
  });
  const limit = async (ip: string) => {
    if (!(await withinLimit(ctx.db, `email-tracking:${ip}`, TRACKING_HITS_PER_MINUTE, 60))) {
      throw new AppError(429, 'rate-limited', TRACKING_ERRORS.tooMany);
    }
  };

  app.get(
    `${TRACKING_PATH}/:token/open.gif`,
    { schema: { tags, params: trackingOpenParamsSchema }, config: { public: true } },
    async (request, reply) => {
      await limit(request.ip);
      const email = await emailOfToken(ctx, request.params.token);
      if (!email) throw notFound(TRACKING_ERRORS.notFound);
      await recordOpen(ctx, email, visitorOf(request));
      // Webmail shows the image from its own origin: the API's same-origin default would block it.
      return reply
        .header('cache-control', 'no-store')
        .header('cross-origin-resource-policy', 'cross-origin')
        .type('image/gif')
        .send(PIXEL_GIF);
    },
  );

  app.get(
    `${TRACKING_PATH}/:token/links/:index`,
    { schema: { tags, params: trackingLinkParamsSchema }, config: { public: true } },
    async (request, reply) => {
      await limit(request.ip);
      const email = await emailOfToken(ctx, request.params.token);
      // Only a link that was in this email: the redirect can never be pointed anywhere else.
      const target = email?.trackedLinks[request.params.index];
      if (!email || !target) throw notFound(TRACKING_ERRORS.notFound);
      const visitor = visitorOf(request);
      await recordOpen(ctx, email, visitor);
      await logEmailResponse(ctx.db, email, 'click', email.id, `Clicked ${target}`, visitor);
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(target, 302);
    },
  );
};
