import { z } from 'zod';
import { eventIdParamsSchema } from '../../../../shared/events/schema';
import { bulkIdsBodySchema, bulkResultSchema } from '../../../../shared/forms/api';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import type { EventScope, Scope } from '../../../platform/http/actor';
import { type Actor, actorOf, type Guard } from '../../../platform/http/guards';
import type { App } from '../../../platform/http/types';
import { lockRoutes } from '../locks/routes';
import type { LockTarget } from '../locks/service';

const emptyBody = z.strictObject({});
/** A 300-field form with its logic is a few hundred KB; leave room for the largest builders. */
const BUILDER_BODY_LIMIT = 4 * 1024 * 1024;

type BulkResult = z.output<typeof bulkResultSchema>;
type BulkIds = z.output<typeof bulkIdsBodySchema>;

/** A record the builder edits (a form, a field group): its schemas, its service, its lock. */
export interface BuilderResource<
  P extends z.ZodObject,
  Q extends z.ZodType,
  L extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
  S extends z.ZodType,
  D extends z.ZodType,
> {
  type: LockTarget['type'];
  /** The list's path, e.g. `/api/events/:eventId/forms`; one record is `${base}/:${idParam}`. */
  base: string;
  /** The path parameter that names one record (a key of the params schema), e.g. `formId`. */
  idParam: keyof z.output<P> & string;
  guards: Guard[];
  /** The spec's message for a settings body that fails its schema. */
  invalidMessage: string;
  schemas: { params: P; listQuery: Q; list: L; create: C; update: U; settings: S; detail: D };
  /** Throws the record's 404 unless it is the event's (the lock routes ask it). */
  find: (db: DbOrTx, scope: EventScope, id: string) => Promise<unknown>;
  list: (db: DbOrTx, scope: EventScope, query: z.output<Q>) => Promise<z.output<L>>;
  detail: (ctx: AppContext, db: DbOrTx, scope: Scope, id: string) => Promise<z.output<D>>;
  create: (ctx: AppContext, scope: Scope, body: z.output<C>) => Promise<string>;
  /** The builder's save; the caller must hold the lock. */
  update: (ctx: AppContext, scope: Scope, id: string, body: z.output<U>) => Promise<void>;
  updateSettings: (ctx: AppContext, scope: Scope, id: string, body: z.output<S>) => Promise<void>;
  duplicate: (ctx: AppContext, scope: Scope, id: string) => Promise<string>;
  setArchived: (db: DbOrTx, scope: Scope, ids: string[], isArchived: boolean) => Promise<BulkResult>;
  remove: (ctx: AppContext, scope: EventScope, ids: string[]) => Promise<BulkResult>;
}

/**
 * The routes every builder record answers (spec: the form and field-group calls): list, create,
 * open, save, settings, duplicate, archive and unarchive many, delete many, and its edit lock.
 */
export function builderRoutes<
  P extends z.ZodObject,
  Q extends z.ZodType,
  L extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
  S extends z.ZodType,
  D extends z.ZodType,
>(app: App, ctx: AppContext, resource: BuilderResource<P, Q, L, C, U, S, D>) {
  // Fastify cannot resolve a reply type through a schema that is a type parameter, so the routes
  // see the schemas as plain Zod types: the types are held by BuilderResource above, and the same
  // schemas still validate the input and write the answers at run time.
  const schemas: Record<keyof typeof resource.schemas, z.ZodType> = resource.schemas;
  const tags = ['forms'];
  const { base, guards } = resource;
  const one = `${base}/:${resource.idParam}`;
  const idOf = (params: unknown) => (params as Record<string, string>)[resource.idParam];
  const detail = (actor: Actor, id: string) => resource.detail(ctx, ctx.db, actor, id);

  app.get(
    base,
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        querystring: schemas.listQuery,
        response: { 200: schemas.list },
      },
      preValidation: guards,
    },
    async (request) => resource.list(ctx.db, actorOf(request), request.query as z.output<Q>),
  );
  app.post(
    base,
    {
      schema: { tags, params: eventIdParamsSchema, body: schemas.create, response: { 201: schemas.detail } },
      preValidation: guards,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const id = await resource.create(ctx, actor, request.body as z.output<C>);
      return reply.status(201).send(await detail(actor, id));
    },
  );
  app.get(
    one,
    { schema: { tags, params: schemas.params, response: { 200: schemas.detail } }, preValidation: guards },
    async (request) => {
      const actor = actorOf(request);
      return detail(actor, idOf(request.params));
    },
  );
  app.put(
    one,
    {
      schema: { tags, params: schemas.params, body: schemas.update, response: { 200: schemas.detail } },
      bodyLimit: BUILDER_BODY_LIMIT,
      preValidation: guards,
    },
    async (request) => {
      const actor = actorOf(request);
      const id = idOf(request.params);
      await resource.update(ctx, actor, id, request.body as z.output<U>);
      return detail(actor, id);
    },
  );
  app.patch(
    `${one}/settings`,
    {
      schema: { tags, params: schemas.params, body: schemas.settings, response: { 200: schemas.detail } },
      config: { invalidMessage: resource.invalidMessage },
      preValidation: guards,
    },
    async (request) => {
      const actor = actorOf(request);
      const id = idOf(request.params);
      await resource.updateSettings(ctx, actor, id, request.body as z.output<S>);
      return detail(actor, id);
    },
  );
  app.post(
    `${one}/duplicate`,
    {
      schema: { tags, params: schemas.params, body: emptyBody, response: { 201: schemas.detail } },
      preValidation: guards,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const copyId = await resource.duplicate(ctx, actor, idOf(request.params));
      return reply.status(201).send(await detail(actor, copyId));
    },
  );
  for (const [action, isArchived] of [
    ['archive', true],
    ['unarchive', false],
  ] as const) {
    app.post(
      `${base}/${action}`,
      {
        schema: {
          tags,
          params: eventIdParamsSchema,
          body: bulkIdsBodySchema,
          response: { 200: bulkResultSchema },
        },
        preValidation: guards,
      },
      async (request) => {
        const actor = actorOf(request);
        return resource.setArchived(ctx.db, actor, (request.body as BulkIds).ids, isArchived);
      },
    );
  }
  app.post(
    `${base}/delete`,
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        body: bulkIdsBodySchema,
        response: { 200: bulkResultSchema },
      },
      preValidation: guards,
    },
    async (request) => resource.remove(ctx, actorOf(request), (request.body as BulkIds).ids),
  );
  lockRoutes(app, ctx, {
    type: resource.type,
    path: `${one}/lock`,
    params: resource.schemas.params,
    guards,
    idOf,
    find: resource.find,
  });
}
