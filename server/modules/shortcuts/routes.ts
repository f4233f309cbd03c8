import { SHORTCUT_ERRORS, shortcutCountsSchema, shortcutParamsSchema } from '../../../shared/shortcuts/api';
import { SHORTCUT_ROUTES } from '../../../shared/shortcuts/routes';
import { forbidden } from '../../platform/http/errors';
import { actorOf } from '../../platform/http/guards';
import { routeFrom } from '../../platform/http/routeFrom';
import type { RouteModule } from '../../platform/http/types';
import { shortcutsPolicy } from './policy';
import { shortcutCounts } from './queries';

/** GET one manage area's shortcut counts (content, tasks, suppliers; forms count in their own list). */
export const shortcutsRoutes: RouteModule = (app, ctx, guards) => {
  routeFrom(
    app,
    SHORTCUT_ROUTES.counts,
    {
      schema: {
        tags: ['shortcuts'],
        description: 'Counts of one manage area for its shortcuts; an archived shortcut is disabled at zero.',
        params: shortcutParamsSchema,
        response: { 200: shortcutCountsSchema },
      },
      config: { invalidMessage: SHORTCUT_ERRORS.invalidArea },
      preValidation: [...guards.member, guards.authorize(shortcutsPolicy.readAny)],
    },
    async (request) => {
      const actor = actorOf(request);
      if (!shortcutsPolicy.readArea(actor, request.params.area)) throw forbidden();
      return shortcutCounts(ctx.db, actor.eventId, request.params.area);
    },
  );
};
