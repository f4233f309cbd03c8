import { and, asc, count, desc, eq, ilike, max, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fieldsForTeam } from '../../../../shared/people/customFields';
import { openAreas } from '../../../../shared/people/memberAreas';
import type { TeamDetail, TeamListResponse, teamListQuerySchema } from '../../../../shared/people/schema';
import { isTeamFull, TEAM_ERRORS } from '../../../../shared/people/teams';
import { TABLE_PAGE_SIZE } from '../../../../shared/ui/constants';
import { readCache } from '../../../platform/cache';
import type { DbOrTx } from '../../../platform/db/client';
import { containing } from '../../../platform/db/search';
import { notFound } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/guards';
import { accounts } from '../../auth/tables';
import { readSettings } from '../../events/settingsStore';
import { events } from '../../events/tables';
import { listCustomFields } from '../customFields/service';
import { peoplePolicy, type TeamContext } from '../policy';
import { memberships, teams, teamTypes } from '../tables';

type TeamListQuery = z.output<typeof teamListQuerySchema>;

/**
 * Pages of an event's team list as answered, by event and query (decision 0058). What a page shows
 * comes from the teams, their owners' names and emails, their types' names and their members
 * (count, sign-in); any write to those drops every cached page, in every process (decisions 0042,
 * 0051). An account's password or a membership's level, areas or onboarding do not show here.
 * A page of 100 teams is about 30 KB: at most 500 pages are kept.
 */
const teamListCache = readCache.model<TeamListResponse>(
  'teamList',
  [
    { table: teams, on: ['insert', 'update', 'delete'] },
    {
      table: accounts,
      on: ['update', 'delete'],
      unlessOnly: [accounts.passwordHash, accounts.updatedAt, accounts.updatedBy],
    },
    { table: teamTypes, on: ['update', 'delete'] },
    // An event's removal takes its teams with it (a cascade no statement names).
    { table: events, on: ['delete'] },
    {
      table: memberships,
      on: ['insert', 'update', 'delete'],
      unlessOnly: [
        memberships.permissions,
        memberships.teamRole,
        memberships.memberAreas,
        memberships.isOnboarded,
        memberships.updatedAt,
        memberships.updatedBy,
      ],
    },
  ],
  { maxEntries: 500 },
);

/** One page of an event's teams with owner, type, member count and the latest sign-in of any member. */
export async function listTeams(
  db: DbOrTx,
  eventId: string,
  query: TeamListQuery,
): Promise<TeamListResponse> {
  const key = [
    eventId,
    query.page,
    query.sort,
    query.order,
    query.teamTypeId ?? '',
    query.notLoggedIn ?? '',
    query.standShare ?? '',
    query.search ?? '',
  ].join('\u0000');
  const page = await teamListCache.load(db, key, () => readTeamList(db, eventId, query));
  // The loader always answers a page; null only types the cache's "nothing to store".
  return page ?? readTeamList(db, eventId, query);
}

async function readTeamList(db: DbOrTx, eventId: string, query: TeamListQuery): Promise<TeamListResponse> {
  // Per team (LATERAL) rather than one GROUP BY over the whole event: a page sorted by name then
  // touches only its own ~100 teams' memberships through memberships_event_team_idx. The grouped
  // version depended on fresh statistics: PGlite has no autovacuum, so after a bulk load the
  // planner rescanned the grouped result per team (438 ms for 5,000 teams instead of 13 ms).
  const stats = db
    .select({
      membersCount: sql<number>`count(*)::int`.as('members_count'),
      lastLogin: max(memberships.lastLoginInTime).as('last_login'),
    })
    .from(memberships)
    .where(and(eq(memberships.eventId, eventId), eq(memberships.teamId, teams.id)))
    .as('stats');
  const ownerName = sql<string>`${accounts.firstName} || ' ' || ${accounts.surname}`;
  const membersCount = stats.membersCount;

  const filters: SQL[] = [eq(teams.eventId, eventId)];
  if (query.teamTypeId) filters.push(eq(teams.teamTypeId, query.teamTypeId));
  if (query.standShare) filters.push(eq(teams.standShareRole, query.standShare));
  if (query.notLoggedIn) {
    const someoneLoggedIn = db
      .select({ one: sql`1` })
      .from(memberships)
      .where(
        and(
          eq(memberships.eventId, eventId),
          eq(memberships.teamId, teams.id),
          eq(memberships.hasLoggedIn, true),
        ),
      );
    filters.push(notExists(someoneLoggedIn));
  }
  if (query.search) {
    const term = containing(query.search);
    const match = or(ilike(teams.name, term), ilike(ownerName, term), ilike(accounts.email, term));
    if (match) filters.push(match);
  }
  const sorts = {
    name: [teams.name],
    ownerName: [accounts.firstName, accounts.surname],
    teamTypeName: [teamTypes.name, teams.name],
    membersCount: [membersCount, teams.name],
    standShareRole: [teams.standShareRole, teams.name],
    lastLoginInTime: [stats.lastLogin, teams.name],
  } as const;
  const direction = query.order === 'desc' ? desc : asc;
  const where = and(...filters);
  const base = () =>
    db
      .select({
        id: teams.id,
        name: teams.name,
        ownerId: teams.ownerId,
        ownerName,
        ownerEmail: accounts.email,
        teamTypeId: teams.teamTypeId,
        teamTypeName: teamTypes.name,
        isOrganiser: teams.isOrganiser,
        standShareRole: teams.standShareRole,
        parentTeamId: teams.parentTeamId,
        membersCount,
        lastLoginInTime: stats.lastLogin,
      })
      .from(teams)
      .innerJoin(accounts, eq(accounts.id, teams.ownerId))
      .leftJoin(teamTypes, and(eq(teamTypes.eventId, eventId), eq(teamTypes.id, teams.teamTypeId)))
      .leftJoinLateral(stats, sql`true`);
  const [rows, [{ total }]] = await Promise.all([
    base()
      .where(where)
      .orderBy(...sorts[query.sort].map((c) => direction(c)), asc(teams.id))
      .limit(TABLE_PAGE_SIZE)
      .offset((query.page - 1) * TABLE_PAGE_SIZE),
    db
      .select({ total: count() })
      .from(teams)
      .innerJoin(accounts, eq(accounts.id, teams.ownerId))
      .where(where),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      // Aggregates come back from the driver as text on some engines.
      lastLoginInTime: r.lastLoginInTime ? new Date(r.lastLoginInTime).toISOString() : null,
    })),
    total,
    page: query.page,
    pageSize: TABLE_PAGE_SIZE,
  };
}

/** The team row, or 404: an id from another event is as unknown as one that never existed. */
export async function findTeam(db: DbOrTx, eventId: string, teamId: string, forUpdate = false) {
  const query = db
    .select()
    .from(teams)
    .where(and(eq(teams.eventId, eventId), eq(teams.id, teamId)))
    .limit(1);
  // A change locks the team row, so two concurrent additions cannot both pass the member limit.
  const [team] = forUpdate ? await query.for('update') : await query;
  if (!team) throw notFound(TEAM_ERRORS.teamNotFound);
  return team;
}

export async function countMembers(db: DbOrTx, eventId: string, teamId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.eventId, eventId), eq(memberships.teamId, teamId)));
  return n;
}

/** What the policy needs to decide on a team: its owner and the actor's own team. */
export async function teamContext(db: DbOrTx, actor: Actor, team: { id: string; ownerId: string }) {
  const [own] = await db
    .select({ teamId: memberships.teamId })
    .from(memberships)
    .where(and(eq(memberships.eventId, actor.eventId), eq(memberships.accountId, actor.accountId)))
    .limit(1);
  const context: TeamContext = { teamId: team.id, ownerId: team.ownerId, actorTeamId: own?.teamId ?? null };
  return context;
}

/** A team with its members, roles and stand share relations, and what the actor may do with it. */
export async function getTeamDetail(db: DbOrTx, actor: Actor, teamId: string): Promise<TeamDetail> {
  const team = await findTeam(db, actor.eventId, teamId);
  const [members, related, typeRow, variables, context, fields] = await Promise.all([
    db
      .select({
        id: accounts.id,
        firstName: accounts.firstName,
        surname: accounts.surname,
        email: accounts.email,
        permissions: memberships.permissions,
        teamRole: memberships.teamRole,
        hasLoggedIn: memberships.hasLoggedIn,
        lastLoginInTime: memberships.lastLoginInTime,
        memberAreas: memberships.memberAreas,
      })
      .from(memberships)
      .innerJoin(accounts, eq(accounts.id, memberships.accountId))
      .where(and(eq(memberships.eventId, actor.eventId), eq(memberships.teamId, teamId)))
      .orderBy(asc(accounts.firstName), asc(accounts.surname), asc(accounts.id)),
    db
      .select({ id: teams.id, name: teams.name, parentTeamId: teams.parentTeamId })
      .from(teams)
      .where(
        and(
          eq(teams.eventId, actor.eventId),
          or(
            eq(teams.parentTeamId, teamId),
            team.parentTeamId ? eq(teams.id, team.parentTeamId) : sql`false`,
          ),
        ),
      )
      .orderBy(asc(teams.name)),
    team.teamTypeId
      ? db
          .select({ name: teamTypes.name })
          .from(teamTypes)
          .where(and(eq(teamTypes.eventId, actor.eventId), eq(teamTypes.id, team.teamTypeId)))
      : Promise.resolve([]),
    readSettings(db, actor.eventId, 'variables'),
    teamContext(db, actor, team),
    listCustomFields(db, actor.eventId),
  ]);
  // Child teams see only the fields flagged showToChildTeams; organisers see every field.
  const isManager = peoplePolicy.manageTeams(actor);
  const visible = fieldsForTeam(fields, team.standShareRole === 'child' && !isManager)
    // Fields switched off with showField stay hidden from the team's own screens.
    .filter((f) => isManager || f.showField)
    .sort((a, b) => a.index - b.index);
  const shown = new Set(visible.map((f) => f.id));
  const parent = related.find((t) => t.id === team.parentTeamId);
  const isFull = isTeamFull(members.length, variables.teamMemberLimit);
  return {
    id: team.id,
    name: team.name,
    ownerId: team.ownerId,
    teamTypeId: team.teamTypeId,
    teamTypeName: typeRow[0]?.name ?? null,
    isOrganiser: team.isOrganiser,
    standShareRole: team.standShareRole,
    customFields: Object.fromEntries(Object.entries(team.customFields).filter(([id]) => shown.has(id))),
    fields: visible.map((f) => ({
      id: f.id,
      label: f.label,
      type: f.type,
      placeholder: f.placeholder,
      description: f.description,
      isRequired: f.isRequired,
      value: team.customFields[f.id] ?? null,
    })),
    parentTeam: parent ? { id: parent.id, name: parent.name } : null,
    childTeams: related.filter((t) => t.parentTeamId === teamId).map((t) => ({ id: t.id, name: t.name })),
    members: members.map(({ memberAreas, ...m }) => {
      // The owner is always presented as the owner, whatever an older row says.
      const teamRole = m.id === team.ownerId ? ('teamOwner' as const) : ('teamMember' as const);
      return {
        ...m,
        teamRole,
        lastLoginInTime: m.lastLoginInTime?.toISOString() ?? null,
        areas: openAreas({ permissions: m.permissions, teamRole, memberAreas }),
      };
    }),
    teamMemberLimit: variables.teamMemberLimit,
    isFull,
    can: {
      edit: isManager,
      delete: isManager && context.actorTeamId !== teamId,
      addMember: peoplePolicy.addTeamMember(actor, context) && !isFull,
      manageMembers: peoplePolicy.addTeamMember(actor, context),
      addStandShare: peoplePolicy.addStandShare(actor, context) && team.standShareRole !== 'child',
    },
  };
}

/** /my-team: the caller's own team (null without one) and the support address to contact. */
export async function getMyTeam(db: DbOrTx, actor: Actor) {
  const [own] = await db
    .select({ teamId: memberships.teamId, teamRole: memberships.teamRole })
    .from(memberships)
    .where(and(eq(memberships.eventId, actor.eventId), eq(memberships.accountId, actor.accountId)))
    .limit(1);
  const { supportEmail } = await readSettings(db, actor.eventId, 'emails');
  if (!own?.teamId) return { team: null, teamRole: null, supportEmail };
  const team = await getTeamDetail(db, actor, own.teamId);
  return {
    team,
    teamRole: team.ownerId === actor.accountId ? ('teamOwner' as const) : ('teamMember' as const),
    supportEmail,
  };
}
