import { can } from '../../../../shared/auth/permissions';
import { TEAM_IMPORT_LEVEL } from '../../../../shared/people/importSchema';
import type { Actor } from '../../../platform/http/guards';

/** The bulk team import is admin only (spec: roles and permissions, "team import"). */
export const teamImportPolicy = {
  importTeams: (actor: Actor) => can(actor.permissions, TEAM_IMPORT_LEVEL),
};
