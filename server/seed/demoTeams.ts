import { and, asc, eq, inArray } from 'drizzle-orm';
import { accounts } from '../modules/auth/tables';
import { customFields, memberships, teams, teamTypes } from '../modules/people/tables';
import type { DbOrTx } from '../platform/db/client';
import { FIRST_NAMES as FIRST, SURNAMES as LAST } from './names';

const TYPES = ['Exhibitor', 'Sponsor', 'Caterer', 'Media Partner', 'Stand Builder'] as const;
type TypeName = (typeof TYPES)[number];

/** [team name, type, parent team name for a stand share] */
const TEAMS: [string, TypeName, string?][] = [
  ['Harbour Bakery', 'Exhibitor'],
  ['Anchor Brewing Co', 'Sponsor'],
  ['Pennine Cheese Co', 'Exhibitor'],
  ['Saltmarsh Oysters', 'Exhibitor'],
  ['Driftwood Coffee Roasters', 'Exhibitor'],
  ['Copper Kettle Teas', 'Exhibitor'],
  ['Wild Garlic Kitchen', 'Caterer'],
  ['The Smokehouse Collective', 'Caterer'],
  ['Lighthouse Gin Distillery', 'Sponsor'],
  ['Quayside Charcuterie', 'Exhibitor'],
  ['Bramble & Thistle Preserves', 'Exhibitor'],
  ['North Sea Seafood Ltd', 'Exhibitor'],
  ['Greenfold Organic Farm', 'Exhibitor'],
  ['Tidewater Ciders', 'Exhibitor'],
  ['Fennel & Fig Deli', 'Exhibitor'],
  ['Harbourside Herald', 'Media Partner'],
  ['Foodie Weekly', 'Media Partner'],
  ['Coastal Radio 104', 'Media Partner'],
  ['Stagecraft Exhibition Build', 'Stand Builder'],
  ['Shell Scheme Solutions', 'Stand Builder'],
  ['Baltic Rye Bakehouse', 'Exhibitor'],
  ['Little Sprout Baby Foods', 'Exhibitor'],
  ['Mill Lane Flour', 'Exhibitor'],
  ['Cornish Sea Salt Works', 'Exhibitor'],
  ['Honeycomb Apiaries', 'Exhibitor'],
  ['Ember Pizza Ovens', 'Exhibitor'],
  ['Rolling Pin Pastries', 'Caterer'],
  ['Seven Hills Olive Oil', 'Exhibitor'],
  ['Heron Point Vineyard', 'Sponsor'],
  ['Chilli Shack', 'Exhibitor'],
  ['Barista Academy North', 'Exhibitor'],
  ['Spice Route Trading', 'Exhibitor'],
  ['Pier Ice Cream Parlour', 'Caterer'],
  ['Dockside Kombucha', 'Exhibitor', 'Driftwood Coffee Roasters'],
  ['Crumb & Co Biscuits', 'Exhibitor', 'Harbour Bakery'],
  ['Sourdough Society', 'Exhibitor', 'Harbour Bakery'],
  ['Blue Vein Dairy', 'Exhibitor', 'Pennine Cheese Co'],
  ['Sea Shanty Hot Sauce', 'Exhibitor', 'Saltmarsh Oysters'],
  ['Oak Barrel Vinegars', 'Exhibitor', 'Seven Hills Olive Oil'],
  ['Nettle & Nectar Meads', 'Exhibitor', 'Honeycomb Apiaries'],
];

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * About forty exhibiting teams of several types for the demo event, some sharing a stand, each with
 * an owner and up to three members. Every fifth team has nobody who ever signed in. The demo
 * users of level User already in the event own the first teams, so signing in as one shows My team.
 * Three custom fields (stand number, power, van access) carry a value on every team.
 * New people get no password: they would set one from a welcome email.
 */
export async function seedDemoTeams(tx: DbOrTx, eventId: string, domain: string): Promise<void> {
  const typeRows = await tx
    .insert(teamTypes)
    .values(TYPES.map((name) => ({ eventId, name })))
    .returning({ id: teamTypes.id, name: teamTypes.name });
  const typeId = new Map(typeRows.map((t) => [t.name, t.id]));

  const existingUsers = await tx
    .select({ accountId: memberships.accountId })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.eventId, eventId), eq(memberships.permissions, 'user')))
    .orderBy(asc(accounts.firstName));

  // People: one owner per team (existing users first), then 0 to 3 members by position.
  const people: { team: number; owner: boolean; firstName: string; surname: string; email: string }[] = [];
  TEAMS.forEach(([name], i) => {
    const count = 1 + (i % 4);
    for (let k = 0; k < count; k++) {
      const firstName = FIRST[(i * 3 + k) % FIRST.length];
      const surname = LAST[(i * 7 + k * 3) % LAST.length];
      const email = `${slug(firstName)}.${slug(surname)}@${slug(name)}.${domain}`;
      people.push({ team: i, owner: k === 0, firstName, surname, email });
    }
  });
  const newPeople = people.filter((p) => !(p.owner && p.team < existingUsers.length));
  const created = await tx
    .insert(accounts)
    .values(newPeople.map(({ firstName, surname, email }) => ({ email, firstName, surname })))
    .returning({ id: accounts.id, email: accounts.email });
  const idByEmail = new Map(created.map((a) => [a.email, a.id]));
  const accountOf = (p: (typeof people)[number]) =>
    p.owner && p.team < existingUsers.length
      ? existingUsers[p.team].accountId
      : (idByEmail.get(p.email) ?? '');

  const [standNumber, needsPower, vanAccess] = await tx
    .insert(customFields)
    .values([
      {
        eventId,
        label: 'Stand number',
        type: 'text' as const,
        placeholder: 'e.g. B12',
        showToChildTeams: true,
        position: 0,
      },
      { eventId, label: 'Needs power', type: 'boolean' as const, position: 1 },
      {
        eventId,
        label: 'Van access',
        type: 'boolean' as const,
        description: 'For unloading on build day',
        position: 2,
      },
    ])
    .returning({ id: customFields.id });
  const valuesOf = (i: number) => ({
    [standNumber.id]: `${'ABCD'[i % 4]}${10 + i}`,
    [needsPower.id]: i % 3 !== 0,
    [vanAccess.id]: i % 4 === 1,
  });

  // Parents first, so children can point at them.
  const teamIds = new Map<string, string>();
  for (const withParent of [false, true]) {
    const rows = TEAMS.map(([name, type, parent], i) => ({ name, type, parent, i })).filter(
      (t) => Boolean(t.parent) === withParent,
    );
    const inserted = await tx
      .insert(teams)
      .values(
        rows.map((t) => ({
          eventId,
          name: t.name,
          ownerId: accountOf(people.find((p) => p.team === t.i && p.owner) ?? people[0]),
          teamTypeId: typeId.get(t.type) ?? null,
          isOrganiser: false,
          customFields: valuesOf(t.i),
          standShareRole: t.parent ? ('child' as const) : ('none' as const),
          parentTeamId: t.parent ? (teamIds.get(t.parent) ?? null) : null,
        })),
      )
      .returning({ id: teams.id, name: teams.name });
    for (const row of inserted) teamIds.set(row.name, row.id);
  }
  const parents = [...new Set(TEAMS.flatMap(([, , parent]) => (parent ? [teamIds.get(parent) ?? ''] : [])))];
  await tx
    .update(teams)
    .set({ standShareRole: 'parent' })
    .where(and(eq(teams.eventId, eventId), inArray(teams.id, parents)));

  const day = 86_400_000;
  const newMemberships = newPeople.map((p) => {
    const neverLoggedIn = p.team % 5 === 4;
    const lastLogin =
      neverLoggedIn || (p.team + p.email.length) % 3 === 0
        ? null
        : new Date(Date.now() - ((p.team * 13) % 30) * day);
    return {
      eventId,
      accountId: idByEmail.get(p.email) ?? '',
      teamId: teamIds.get(TEAMS[p.team][0]) ?? null,
      teamRole: p.owner ? ('teamOwner' as const) : ('teamMember' as const),
      hasLoggedIn: lastLogin !== null,
      lastLoginInTime: lastLogin,
    };
  });
  await tx.insert(memberships).values(newMemberships);
  for (const [i, user] of existingUsers.slice(0, TEAMS.length).entries()) {
    await tx
      .update(memberships)
      .set({ teamId: teamIds.get(TEAMS[i][0]) ?? null, teamRole: 'teamOwner' })
      .where(and(eq(memberships.eventId, eventId), eq(memberships.accountId, user.accountId)));
  }
}
