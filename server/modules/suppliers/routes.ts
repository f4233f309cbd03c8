import { z } from 'zod';
import { eventIdParamsSchema } from '../../../shared/events/schema';
import {
  directoryResponseSchema,
  directorySupplierSchema,
  supplierDetailSchema,
  supplierGroupDetailSchema,
  supplierGroupListQuerySchema,
  supplierGroupListResponseSchema,
  supplierGroupParamsSchema,
  supplierListQuerySchema,
  supplierListResponseSchema,
  supplierParamsSchema,
} from '../../../shared/suppliers/api';
import { SUPPLIER_ROUTES } from '../../../shared/suppliers/routes';
import {
  SUPPLIER_ERRORS,
  supplierBodySchema,
  supplierGroupBodySchema,
} from '../../../shared/suppliers/schema';
import { actorOf } from '../../platform/http/guards';
import { routeFrom } from '../../platform/http/routeFrom';
import type { RouteModule } from '../../platform/http/types';
import { getDirectorySupplier, listDirectory } from './directory/queries';
import {
  createSupplierGroup,
  deleteSupplierGroup,
  getSupplierGroup,
  listSupplierGroups,
  updateSupplierGroup,
} from './groups/service';
import { suppliersPolicy } from './policy';
import {
  createSupplier,
  deleteSupplier,
  getSupplier,
  listSuppliers,
  setSupplierArchived,
  updateSupplier,
} from './service';

const emptyBody = z.strictObject({});

export const suppliersRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['suppliers'];
  const moderator = [...guards.member, guards.authorize(suppliersPolicy.manageSuppliers)];
  const anyMember = [
    ...guards.member,
    guards.authorize(suppliersPolicy.readDirectory),
    guards.area('suppliers'),
  ];
  const supplierInvalid = { invalidMessage: SUPPLIER_ERRORS.invalidSupplier };
  const groupInvalid = { invalidMessage: SUPPLIER_ERRORS.invalidGroup };

  // ---- Supplier groups (shown as supplier types) ----
  routeFrom(
    app,
    SUPPLIER_ROUTES.listGroups,
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        querystring: supplierGroupListQuerySchema,
        response: { 200: supplierGroupListResponseSchema },
      },
      preValidation: moderator,
    },
    async (request) => listSupplierGroups(ctx.db, actorOf(request).eventId, request.query.archived),
  );
  routeFrom(
    app,
    SUPPLIER_ROUTES.createGroup,
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        body: supplierGroupBodySchema,
        response: { 201: supplierGroupDetailSchema },
      },
      config: groupInvalid,
      preValidation: moderator,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const created = await createSupplierGroup(ctx.db, actor.eventId, request.body.title, actor.accountId);
      return reply.status(201).send(created);
    },
  );
  routeFrom(
    app,
    SUPPLIER_ROUTES.getGroup,
    {
      schema: { tags, params: supplierGroupParamsSchema, response: { 200: supplierGroupDetailSchema } },
      preValidation: moderator,
    },
    async (request) => getSupplierGroup(ctx.db, actorOf(request).eventId, request.params.groupId),
  );
  routeFrom(
    app,
    SUPPLIER_ROUTES.updateGroup,
    {
      schema: {
        tags,
        params: supplierGroupParamsSchema,
        body: supplierGroupBodySchema,
        response: { 200: supplierGroupDetailSchema },
      },
      config: groupInvalid,
      preValidation: moderator,
    },
    async (request) => {
      const actor = actorOf(request);
      return updateSupplierGroup(
        ctx.db,
        actor.eventId,
        request.params.groupId,
        { title: request.body.title },
        actor.accountId,
      );
    },
  );
  for (const [route, isArchived] of [
    [SUPPLIER_ROUTES.archiveGroup, true],
    [SUPPLIER_ROUTES.unarchiveGroup, false],
  ] as const) {
    routeFrom(
      app,
      route,
      {
        schema: {
          tags,
          params: supplierGroupParamsSchema,
          body: emptyBody,
          response: { 200: supplierGroupDetailSchema },
        },
        preValidation: moderator,
      },
      async (request) => {
        const actor = actorOf(request);
        return updateSupplierGroup(
          ctx.db,
          actor.eventId,
          request.params.groupId,
          { isArchived },
          actor.accountId,
        );
      },
    );
  }
  routeFrom(
    app,
    SUPPLIER_ROUTES.deleteGroup,
    { schema: { tags, params: supplierGroupParamsSchema }, preValidation: moderator },
    async (request, reply) => {
      await deleteSupplierGroup(ctx.db, actorOf(request).eventId, request.params.groupId);
      return reply.status(204).send();
    },
  );

  // ---- Suppliers (admin) ----
  routeFrom(
    app,
    SUPPLIER_ROUTES.list,
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        querystring: supplierListQuerySchema,
        response: { 200: supplierListResponseSchema },
      },
      preValidation: moderator,
    },
    async (request) => listSuppliers(ctx.db, actorOf(request).eventId, request.query),
  );
  routeFrom(
    app,
    SUPPLIER_ROUTES.create,
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        body: supplierBodySchema,
        response: { 201: supplierDetailSchema },
      },
      config: supplierInvalid,
      preValidation: moderator,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const created = await createSupplier(ctx, actor.eventId, request.body, actor.accountId);
      return reply.status(201).send(created);
    },
  );
  routeFrom(
    app,
    SUPPLIER_ROUTES.get,
    {
      schema: { tags, params: supplierParamsSchema, response: { 200: supplierDetailSchema } },
      preValidation: moderator,
    },
    async (request) => getSupplier(ctx.db, actorOf(request).eventId, request.params.supplierId),
  );
  routeFrom(
    app,
    SUPPLIER_ROUTES.update,
    {
      schema: {
        tags,
        params: supplierParamsSchema,
        body: supplierBodySchema,
        response: { 200: supplierDetailSchema },
      },
      config: supplierInvalid,
      preValidation: moderator,
    },
    async (request) => {
      const actor = actorOf(request);
      return updateSupplier(ctx, actor.eventId, request.params.supplierId, request.body, actor.accountId);
    },
  );
  for (const [route, isArchived] of [
    [SUPPLIER_ROUTES.archive, true],
    [SUPPLIER_ROUTES.unarchive, false],
  ] as const) {
    routeFrom(
      app,
      route,
      {
        schema: {
          tags,
          params: supplierParamsSchema,
          body: emptyBody,
          response: { 200: supplierDetailSchema },
        },
        preValidation: moderator,
      },
      async (request) => {
        const actor = actorOf(request);
        return setSupplierArchived(
          ctx.db,
          actor.eventId,
          request.params.supplierId,
          isArchived,
          actor.accountId,
        );
      },
    );
  }
  routeFrom(
    app,
    SUPPLIER_ROUTES.delete,
    { schema: { tags, params: supplierParamsSchema }, preValidation: moderator },
    async (request, reply) => {
      const actor = actorOf(request);
      await deleteSupplier(ctx, actor.eventId, request.params.supplierId);
      return reply.status(204).send();
    },
  );

  // ---- The directory (every member, filtered by team type) ----
  routeFrom(
    app,
    SUPPLIER_ROUTES.directory,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: directoryResponseSchema } },
      preValidation: anyMember,
    },
    async (request) => listDirectory(ctx.db, actorOf(request)),
  );
  routeFrom(
    app,
    SUPPLIER_ROUTES.directorySupplier,
    {
      schema: { tags, params: supplierParamsSchema, response: { 200: directorySupplierSchema } },
      preValidation: anyMember,
    },
    async (request) => getDirectorySupplier(ctx.db, actorOf(request), request.params.supplierId),
  );
};
