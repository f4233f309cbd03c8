import { randomUUID } from 'node:crypto';
import { generatePassword, hashPassword } from '../modules/auth/passwords/service';
import { accounts } from '../modules/auth/tables';
import { createEvent } from '../modules/events/service';
import { customFields, memberships, teams, teamTypes } from '../modules/people/tables';
import type { Db } from '../platform/db/client';
import { withTransaction } from '../platform/db/transaction';
import { FIRST_NAMES as FIRST, SURNAMES as LAST } from './names';
import { seedScaleSubmissions } from './scaleSubmissions';
import { seedScaleTasks } from './scaleTasks';

/**
 * Rows per INSERT. PGlite pays a round trip and a re-plan per statement (docs/decisions/0003), so
 * one row per statement makes 15,000 users take minutes; 500 rows keeps each statement's
 * parameters (about 8 per row) far under PostgreSQL's 65,535 limit.
 */
const BATCH = 500;

const TYPES = ['Exhibitor', 'Sponsor', 'Caterer', 'Media Partner', 'Stand Builder', 'Startup'];
const ADJECTIVES = [
  'Harbour',
  'Copper',
  'Northern',
  'Wild',
  'Golden',
  'Saltmarsh',
  'Quayside',
  'Ember',
  'Bramble',
  'Tidewater',
];
const NOUNS = [
  'Bakery',
  'Brewing',
  'Cheese Co',
  'Coffee',
  'Kitchen',
  'Distillery',
  'Preserves',
  'Media',
  'Builders',
  'Ciders',
];
/** Every STAND_SHARE_EVERY-th team is a stand share of the team before it. */
const STAND_SHARE_EVERY = 20;
const MEMBERS_PER_TEAM = 3;

export type ScaleSeedResult = {
  eventId: string;
  adminEmail: string;
  /** The one password of every generated account (hashed once: scrypt per account would dominate). */
  password: string;
  teams: number;
  users: number;
  tasks: number;
  taskStatuses: number;
  /** Form submissions, drafts among them (the reports benchmark asks for them). */
  submissions: number;
  ms: number;
  summary: string;
};

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

/**
 * An event sized for load tests: `teamCount` teams of several types, each with an owner and two
 * members (3 x teamCount users), custom field values on every team, some stand shares, a third of
 * the people never signed in, and one admin to sign in with. Ids are made here so that rows can
 * point at each other without reading anything back.
 */
export async function seedScale(
  db: Db,
  options: { teams: number; appUrl: string; tasks?: number; submissions?: number },
): Promise<ScaleSeedResult> {
  const started = performance.now();
  const suffix = Math.random().toString(36).slice(2, 8);
  const domain = `scale-${suffix}.example`;
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const adminEmail = `admin@${domain}`;
  const day = 86_400_000;
  const now = Date.now();

  const {
    id: eventId,
    tasks,
    statuses,
    submissions,
  } = await withTransaction(db, async (tx) => {
    const id = await createEvent(
      tx,
      {
        eventName: `Scale test ${options.teams} teams`,
        shortName: `Scale ${options.teams}`,
        startDate: new Date(now + 90 * day).toISOString().slice(0, 10),
        endDate: new Date(now + 92 * day).toISOString().slice(0, 10),
        timeZone: 'Europe/London',
        appUrl: options.appUrl,
      },
      'system',
    );
    const adminId = randomUUID();
    await tx
      .insert(accounts)
      .values({ id: adminId, email: adminEmail, firstName: 'Scale', surname: 'Admin', passwordHash });
    await tx.insert(memberships).values({ eventId: id, accountId: adminId, permissions: 'admin' });

    const typeIds = TYPES.map(() => randomUUID());
    await tx.insert(teamTypes).values(TYPES.map((name, i) => ({ eventId: id, id: typeIds[i], name })));
    const [stand, power, notes] = [randomUUID(), randomUUID(), randomUUID()];
    await tx.insert(customFields).values([
      { eventId: id, id: stand, label: 'Stand number', type: 'text' as const, position: 0 },
      { eventId: id, id: power, label: 'Needs power', type: 'boolean' as const, position: 1 },
      { eventId: id, id: notes, label: 'Notes', type: 'text' as const, position: 2 },
    ]);

    const teamRows: (typeof teams.$inferInsert)[] = [];
    const accountRows: (typeof accounts.$inferInsert)[] = [];
    const membershipRows: (typeof memberships.$inferInsert)[] = [];
    for (let i = 0; i < options.teams; i++) {
      const teamId = randomUUID();
      const isChild = i % STAND_SHARE_EVERY === STAND_SHARE_EVERY - 1;
      const isParent = i % STAND_SHARE_EVERY === STAND_SHARE_EVERY - 2 && i + 1 < options.teams;
      const people = Array.from({ length: MEMBERS_PER_TEAM }, () => randomUUID());
      teamRows.push({
        eventId: id,
        id: teamId,
        name: `${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[Math.floor(i / ADJECTIVES.length) % NOUNS.length]} ${i + 1}`,
        ownerId: people[0],
        teamTypeId: typeIds[(i * 7) % typeIds.length],
        standShareRole: isChild ? 'child' : isParent ? 'parent' : 'none',
        parentTeamId: isChild ? (teamRows[i - 1]?.id ?? null) : null,
        customFields: {
          [stand]: `${'ABCDEF'[i % 6]}${i + 1}`,
          [power]: i % 3 !== 0,
          [notes]: i % 4 === 0 ? 'Corner stand' : '',
        },
      });
      people.forEach((accountId, k) => {
        const firstName = FIRST[(i + k * 5) % FIRST.length];
        const surname = LAST[(i * 3 + k) % LAST.length];
        accountRows.push({
          id: accountId,
          email: `team${i + 1}.person${k + 1}@${domain}`,
          firstName,
          surname,
          passwordHash,
        });
        // A third of the people never signed in; the others at some point in the last month.
        const loggedIn = (i + k) % 3 !== 0;
        membershipRows.push({
          eventId: id,
          accountId,
          teamId,
          teamRole: k === 0 ? 'teamOwner' : 'teamMember',
          hasLoggedIn: loggedIn,
          lastLoginInTime: loggedIn ? new Date(now - ((i * 13 + k) % 30) * day) : null,
        });
      });
    }
    // Accounts before the teams that name them as owners, parents before their stand shares.
    await insertInBatches(accountRows, (batch) => tx.insert(accounts).values(batch));
    await insertInBatches(
      teamRows.filter((t) => t.standShareRole !== 'child'),
      (batch) => tx.insert(teams).values(batch),
    );
    await insertInBatches(
      teamRows.filter((t) => t.standShareRole === 'child'),
      (batch) => tx.insert(teams).values(batch),
    );
    await insertInBatches(membershipRows, (batch) => tx.insert(memberships).values(batch));
    const made = await seedScaleTasks(tx, {
      eventId: id,
      count: options.tasks ?? 0,
      teamTypeIds: typeIds,
      timeZone: 'Europe/London',
    });
    const sent = await seedScaleSubmissions(tx, { eventId: id, count: options.submissions ?? 0 });
    return { id, ...made, submissions: sent.submissions };
  });
  const users = options.teams * MEMBERS_PER_TEAM;
  const ms = Math.round(performance.now() - started);
  const summary = [
    `Scale event created: ${options.teams} teams, ${users} users${tasks ? `, ${tasks} tasks, ${statuses} task statuses` : ''} (${eventId}) in ${(ms / 1000).toFixed(1)} s`,
    `Sign in at ${options.appUrl}/auth/login as ${adminEmail}`,
    `Every generated account (admin and team people) has the password: ${password}`,
  ].join('\n');
  return {
    eventId,
    adminEmail,
    password,
    teams: options.teams,
    users,
    tasks,
    taskStatuses: statuses,
    submissions,
    ms,
    summary,
  };
}
