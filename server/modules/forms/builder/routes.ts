import { z } from 'zod';
import { eventIdParamsSchema } from '../../../../shared/events/schema';
import { bulkIdsBodySchema, bulkResultSchema } from '../../../../shared/forms/api';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import { actorOf, type Guard } from '../../../platform/http/guards';
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
  find: (db: DbOrTx, eventId: string, id: string) => Promise<unknown>;
  list: (db: DbOrTx, eventId: string, query: z.output<Q>) => Promise<z.output<L>>;
  detail: (
    ctx: AppContext,
    db: DbOrTx,
    eventId: string,
    id: string,
    accountId: string,
  ) => Promise<z.output<D>>;
  create: (ctx: AppContext, eventId: string, body: z.output<C>, by: string) => Promise<string>;
  /** The builder's save; the caller must hold the lock. */
  update: (ctx: AppContext, eventId: string, id: string, body: z.output<U>, by: string) => Promise<void>;
  updateSettings: (
    ctx: AppContext,
    eventId: string,
    id: string,
    body: z.output<S>,
    by: string,
  ) => Promise<void>;
  duplicate: (ctx: AppContext, eventId: string, id: string, by: string) => Promise<string>;
  setArchived: (
    db: DbOrTx,
    eventId: string,
    ids: string[],
    isArchived: boolean,
    by: string,
  ) => Promise<BulkResult>;
  remove: (ctx: AppContext, eventId: string, ids: string[]) => Promise<BulkResult>;
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
  const detail = (eventId: string, id: string, accountId: string) =>
    resource.detail(ctx, ctx.db, eventId, id, accountId);

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
    async (request) => resource.list(ctx.db, actorOf(request).eventId, request.query as z.output<Q>),
  );
  app.post(
    base,
    {
      schema: { tags, params: eventIdParamsSchema, body: schemas.create, response: { 201: schemas.detail } },
      preValidation: guards,
    },
    async (request, reply) => {
      const { eventId, accountId } = actorOf(request);
      const id = await resource.create(ctx, eventId, request.body as z.output<C>, accountId);
      return reply.status(201).send(await detail(eventId, id, accountId));
    },
  );
  app.get(
    one,
    { schema: { tags, params: schemas.params, response: { 200: schemas.detail } }, preValidation: guards },
    async (request) => {
      const { eventId, accountId } = actorOf(request);
      return detail(eventId, idOf(request.params), accountId);
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
      const { eventId, accountId } = actorOf(request);
      const id = idOf(request.params);
      await resource.update(ctx, eventId, id, request.body as z.output<U>, accountId);
      return detail(eventId, id, accountId);
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
      const { eventId, accountId } = actorOf(request);
      const id = idOf(request.params);
      await resource.updateSettings(ctx, eventId, id, request.body as z.output<S>, accountId);
      return detail(eventId, id, accountId);
    },
  );
  app.post(
    `${one}/duplicate`,
    {
      schema: { tags, params: schemas.params, body: emptyBody, response: { 201: schemas.detail } },
      preValidation: guards,
    },
    async (request, reply) => {
      const { eventId, accountId } = actorOf(request);
      const copyId = await resource.duplicate(ctx, eventId, idOf(request.params), accountId);
      return reply.status(201).send(await detail(eventId, copyId, accountId));
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
        const { eventId, accountId } = actorOf(request);
        return resource.setArchived(ctx.db, eventId, (request.body as BulkIds).ids, isArchived, accountId);
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
    async (request) => resource.remove(ctx, actorOf(request).eventId, (request.body as BulkIds).ids),
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
