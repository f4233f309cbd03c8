import { can } from '../../../shared/auth/permissions';
import type { Actor } from '../../platform/http/guards';

/** Moderators and above manage the programme (as downloads and content); every member reads theirs. */
export const timetablePolicy = {
  manage: (actor: Actor) => can(actor.permissions, 'moderator'),
  readOwn: (_actor: Actor) => true,
};
