import { z } from 'zod';
import {
  AUDIT_LEVEL,
  auditPageSchema,
  auditQuerySchema,
  auditSettingsSchema,
} from '../../../shared/audit/api';
import { can } from '../../../shared/auth/permissions';
import { actorOf } from '../../platform/http/guards';
import type { RouteModule } from '../../platform/http/types';
import { listAudit, readAuditSettings, saveAuditSettings } from './service';

const eventParams = z.object({ eventId: z.uuid() });

/** The audit trail (decision 0030): admins read it; an edit screen's History is the same list by entity. */
export const auditRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['audit'];
  const admin = [...guards.member, guards.authorize((actor) => can(actor.permissions, AUDIT_LEVEL))];
  const base = '/api/events/:eventId/audit';

  app.get(
    base,
    {
      schema: {
        tags,
        params: eventParams,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
      preValidation: admin,
    },
    async (request) => listAudit(ctx, actorOf(request), request.query),
  );
  app.get(
    `${base}/settings`,
    { schema: { tags, params: eventParams, response: { 200: auditSettingsSchema } }, preValidation: admin },
    async (request) => readAuditSettings(ctx, actorOf(request)),
  );
  app.put(
    `${base}/settings`,
    {
      schema: {
        tags,
        params: eventParams,
        body: auditSettingsSchema,
        response: { 200: auditSettingsSchema },
      },
      preValidation: admin,
      config: { invalidMessage: 'Invalid audit settings', audit: { entity: 'audit-settings' } },
    },
    async (request) => saveAuditSettings(ctx, actorOf(request), request.body),
  );
};
