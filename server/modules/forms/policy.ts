import { can } from '../../../shared/auth/permissions';
import { FIELD_GROUPS_LEVEL, FORMS_LEVEL } from '../../../shared/forms/api';
import type { Actor } from '../../platform/http/guards';

/** Spec: forms and confirmations moderator and above; field groups admin only. */
export const formsPolicy = {
  manageForms: (actor: Actor) => can(actor.permissions, FORMS_LEVEL),
  manageFieldGroups: (actor: Actor) => can(actor.permissions, FIELD_GROUPS_LEVEL),
};
