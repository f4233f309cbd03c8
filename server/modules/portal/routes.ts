import { z } from 'zod';
import { eventIdParamsSchema } from '../../../shared/events/schema';
import {
  corePageListResponseSchema,
  corePageParamsSchema,
  dashboardHeaderBodySchema,
  dashboardHeaderResponseSchema,
  dashboardResponseSchema,
  featuredResponseSchema,
  navigationResponseSchema,
  sidebarEditorResponseSchema,
} from '../../../shared/portal/api';
import {
  LAYOUT_ERRORS,
  layoutListResponseSchema,
  layoutParamsSchema,
  layoutSchema,
} from '../../../shared/portal/cardLayouts';
import { CORE_PAGE_ERRORS, corePageBodySchema, corePageSchema } from '../../../shared/portal/corePages';
import { actorOf } from '../../platform/http/guards';
import type { RouteModule } from '../../platform/http/types';
import { getDashboard, getDashboardHeader, setDashboardHeader } from './dashboard/service';
import { createLayout, deleteLayout, getLayout, listLayoutsEnsured, updateLayout } from './layouts/service';
import { portalPolicy } from './policy';
import {
  getFeatured,
  getNavigation,
  getSidebarEditor,
  listCorePages,
  saveFeatured,
  saveSidebar,
  updateCorePage,
} from './structure/service';

/** Bodies checked in the service, so refusals carry the spec's message for what was sent. */
const anyBody = z.record(z.string(), z.unknown());

export const portalRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['portal'];
  const admin = [...guards.member, guards.authorize(portalPolicy.manageStructure)];
  const member = [...guards.member, guards.authorize(portalPolicy.readOwn)];
  const base = '/api/events/:eventId';

  // ---- The viewer's own sidebar and dashboard ----
  app.get(
    `${base}/navigation`,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: navigationResponseSchema } },
      preValidation: member,
    },
    async (request) => getNavigation(ctx.db, actorOf(request)),
  );
  app.get(
    `${base}/dashboard`,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: dashboardResponseSchema } },
      preValidation: member,
    },
    async (request) => getDashboard(ctx.db, actorOf(request)),
  );

  // ---- Sidebar and featured pages (admin) ----
  app.get(
    `${base}/sidebar`,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: sidebarEditorResponseSchema } },
      preValidation: admin,
    },
    async (request) => getSidebarEditor(ctx.db, actorOf(request)),
  );
  app.put(
    `${base}/sidebar`,
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        body: anyBody,
        response: { 200: sidebarEditorResponseSchema },
      },
      preValidation: admin,
    },
    async (request) => {
      const actor = actorOf(request);
      return saveSidebar(ctx.db, actor, request.body);
    },
  );
  app.get(
    `${base}/featured-pages`,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: featuredResponseSchema } },
      preValidation: admin,
    },
    async (request) => getFeatured(ctx.db, actorOf(request)),
  );
  app.put(
    `${base}/featured-pages`,
    {
      schema: { tags, params: eventIdParamsSchema, body: anyBody, response: { 200: featuredResponseSchema } },
      preValidation: admin,
    },
    async (request) => {
      const actor = actorOf(request);
      return saveFeatured(ctx.db, actor, request.body);
    },
  );

  // ---- Core pages (admin) ----
  app.get(
    `${base}/core-pages`,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: corePageListResponseSchema } },
      preValidation: admin,
    },
    async (request) => ({ items: await listCorePages(ctx.db, actorOf(request)) }),
  );
  app.put(
    `${base}/core-pages/:corePageId`,
    {
      schema: {
        tags,
        params: corePageParamsSchema,
        body: corePageBodySchema,
        response: { 200: corePageSchema },
      },
      config: { invalidMessage: CORE_PAGE_ERRORS.invalid },
      preValidation: admin,
    },
    async (request) => {
      const actor = actorOf(request);
      return updateCorePage(ctx.db, actor, request.params.corePageId, request.body);
    },
  );

  // ---- Dashboard header (admin) ----
  app.get(
    `${base}/dashboard-header`,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: dashboardHeaderResponseSchema } },
      preValidation: admin,
    },
    async (request) => getDashboardHeader(ctx.db, actorOf(request)),
  );
  app.put(
    `${base}/dashboard-header`,
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        body: dashboardHeaderBodySchema,
        response: { 200: dashboardHeaderResponseSchema },
      },
      config: { invalidMessage: 'Invalid branding' },
      preValidation: admin,
    },
    async (request) => {
      const actor = actorOf(request);
      return setDashboardHeader(ctx, actor, request.body.fileId);
    },
  );
  app.delete(
    `${base}/dashboard-header`,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: dashboardHeaderResponseSchema } },
      preValidation: admin,
    },
    async (request) => {
      const actor = actorOf(request);
      return setDashboardHeader(ctx, actor, null);
    },
  );

  // ---- Card layouts (admin) ----
  app.get(
    `${base}/card-layouts`,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: layoutListResponseSchema } },
      preValidation: admin,
    },
    async (request) => ({ items: await listLayoutsEnsured(ctx.db, actorOf(request)) }),
  );
  app.post(
    `${base}/card-layouts`,
    {
      schema: { tags, params: eventIdParamsSchema, body: anyBody, response: { 201: layoutSchema } },
      preValidation: admin,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      return reply.status(201).send(await createLayout(ctx.db, actor, request.body));
    },
  );
  app.get(
    `${base}/card-layouts/:layoutId`,
    { schema: { tags, params: layoutParamsSchema, response: { 200: layoutSchema } }, preValidation: admin },
    async (request) => getLayout(ctx.db, actorOf(request), request.params.layoutId),
  );
  app.put(
    `${base}/card-layouts/:layoutId`,
    {
      schema: { tags, params: layoutParamsSchema, body: anyBody, response: { 200: layoutSchema } },
      preValidation: admin,
    },
    async (request) => {
      const actor = actorOf(request);
      return updateLayout(ctx.db, actor, request.params.layoutId, request.body);
    },
  );
  app.delete(
    `${base}/card-layouts/:layoutId`,
    {
      schema: { tags, params: layoutParamsSchema },
      config: { invalidMessage: LAYOUT_ERRORS.invalidLayout },
      preValidation: admin,
    },
    async (request, reply) => {
      await deleteLayout(ctx.db, actorOf(request), request.params.layoutId);
      return reply.status(204).send();
    },
  );
};
