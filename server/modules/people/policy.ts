import { AREA_LEVELS, can } from '../../../shared/auth/permissions';
import type { Actor } from '../../platform/http/guards';

/** The team an actor acts on, and the actor's own place in the event's teams. */
export type TeamContext = {
  teamId: string;
  ownerId: string;
  /** The actor's own team and role (null when the actor has no team). */
  actorTeamId: string | null;
};

const isTeamOwner = (actor: Actor, team: TeamContext) =>
  team.ownerId === actor.accountId && team.actorTeamId === team.teamId;

/** Who may do what with an event's people (spec: roles and permissions). */
export const peoplePolicy = {
  listUsers: (actor: Actor) => can(actor.permissions, AREA_LEVELS.users),
  /** The user report holds the same people as the list, so the same level may download it. */
  /** Spec: every report, the user report too, needs the reportViewer level. */
  exportUsers: (actor: Actor) => can(actor.permissions, AREA_LEVELS.reports),
  /** Reading team types is needed by the team screens' filters; changing them is admin only. */
  readTeamTypes: (actor: Actor) => can(actor.permissions, AREA_LEVELS.teams),
  manageTeamTypes: (actor: Actor) => can(actor.permissions, 'admin'),
  manageCustomFields: (actor: Actor) => can(actor.permissions, 'admin'),
  manageTeams: (actor: Actor) => can(actor.permissions, AREA_LEVELS.teams),
  /** Every signed-in member reaches these routes; the service then applies the team rules below. */
  anyMember: (_actor: Actor) => true,
  /** Admins and moderators on any team; a team owner on their own team (/my-team). */
  addTeamMember: (actor: Actor, team: TeamContext) =>
    peoplePolicy.manageTeams(actor) || isTeamOwner(actor, team),
  addStandShare: (actor: Actor, team: TeamContext) =>
    peoplePolicy.manageTeams(actor) || isTeamOwner(actor, team),
  /** Deleting users and sending the welcome chaser: the users area (moderator and above). */
  manageUsers: (actor: Actor) => can(actor.permissions, AREA_LEVELS.users),
  /** Changing permission levels is an admin's call; canSetPermission then limits which levels. */
  changePermissions: (actor: Actor) => can(actor.permissions, 'admin'),
  /** Only an admin may make someone an admin. */
  grantAdmin: (actor: Actor) => can(actor.permissions, 'admin'),
};
