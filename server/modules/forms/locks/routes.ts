import { z } from 'zod';
import { lockResponseSchema } from '../../../../shared/forms/api';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import type { EventScope } from '../../../platform/http/actor';
import { actorOf, type Guard } from '../../../platform/http/guards';
import type { App } from '../../../platform/http/types';
import { type LockTarget, releaseLock, renewLock, takeLock } from './service';

const emptyBody = z.strictObject({});

interface LockRouteOptions<P extends z.ZodObject> {
  type: LockTarget['type'];
  path: string;
  params: P;
  guards: Guard[];
  /** The locked record's id from the path. */
  idOf: (params: z.output<P>) => string;
  /** Throws 404 unless the record is the event's, like every other route of another event's id. */
  find: (db: DbOrTx, scope: EventScope, id: string) => Promise<unknown>;
}

/**
 * The lock of a form or field group (spec: Lock: create, refresh, delete): POST takes it (or
 * answers who holds it), PUT refreshes the caller's own (409 otherwise), DELETE releases it.
 */
export function lockRoutes<P extends z.ZodObject>(app: App, ctx: AppContext, options: LockRouteOptions<P>) {
  const tags = ['forms'];
  const targetOf = (eventId: string, params: z.output<P>): LockTarget => ({
    eventId,
    type: options.type,
    id: options.idOf(params),
  });
  const exists = (target: LockTarget) => options.find(ctx.db, target, target.id);
  app.post(
    options.path,
    {
      schema: { tags, params: options.params, body: emptyBody, response: { 200: lockResponseSchema } },
      preValidation: options.guards,
    },
    async (request) => {
      const { eventId, accountId } = actorOf(request);
      const target = targetOf(eventId, options.params.parse(request.params));
      await exists(target);
      return { lock: await takeLock(ctx, target, accountId) };
    },
  );
  app.put(
    options.path,
    {
      schema: { tags, params: options.params, body: emptyBody, response: { 200: lockResponseSchema } },
      preValidation: options.guards,
    },
    async (request) => {
      const { eventId, accountId } = actorOf(request);
      const target = targetOf(eventId, options.params.parse(request.params));
      await exists(target);
      return { lock: await renewLock(ctx, target, accountId) };
    },
  );
  app.delete(
    options.path,
    { schema: { tags, params: options.params }, preValidation: options.guards },
    async (request, reply) => {
      const { eventId, accountId } = actorOf(request);
      const target = targetOf(eventId, options.params.parse(request.params));
      await exists(target);
      await releaseLock(ctx, target, accountId);
      return reply.status(204).send();
    },
  );
}
