import { and, eq, like } from 'drizzle-orm';
import type { Permission } from '../../shared/auth/permissions';
import { addUserToEvent } from '../modules/auth/accounts/service';
import { generatePassword } from '../modules/auth/passwords/service';
import { accounts } from '../modules/auth/tables';
import { createEvent } from '../modules/events/service';
import { memberships } from '../modules/people/tables';
import type { AppContext } from '../platform/context';
import { withTransaction } from '../platform/db/transaction';
import { seedDemoAssets } from './demoAssets';
import { seedDemoAudit } from './demoAudit';
import { seedDemoContent } from './demoContent';
import { seedDemoEmailTemplates } from './demoEmailTemplates';
import { seedDemoForms } from './demoForms';
import { seedDemoNotifications } from './demoNotifications';
import { seedDemoPortal } from './demoPortal';
import { seedDemoReports } from './demoReports';
import { seedDemoSettings } from './demoSettings';
import { seedDemoSubmissionFiles } from './demoSubmissionFiles';
import { seedDemoSuppliers } from './demoSuppliers';
import { seedDemoTasks } from './demoTasks';
import { seedDemoTeams } from './demoTeams';
import { seedDemoTimetable } from './demoTimetable';

/** People of the demo event; later areas add their teams, tasks, pages and forms to this seed. */
const DEMO_PEOPLE: {
  firstName: string;
  surname: string;
  permissions: Permission;
  lastLoginDaysAgo?: number;
}[] = [
  { firstName: 'Olivia', surname: 'Bennett', permissions: 'admin', lastLoginDaysAgo: 0 },
  { firstName: 'Marcus', surname: 'Adeyemi', permissions: 'moderator', lastLoginDaysAgo: 1 },
  { firstName: 'Priya', surname: 'Raman', permissions: 'reportViewer', lastLoginDaysAgo: 6 },
  { firstName: 'Tom', surname: 'Whitfield', permissions: 'user', lastLoginDaysAgo: 2 },
  { firstName: 'Sofia', surname: 'Marchetti', permissions: 'user', lastLoginDaysAgo: 9 },
  { firstName: 'Hannah', surname: "O'Connell", permissions: 'user', lastLoginDaysAgo: 21 },
  { firstName: 'Daniel', surname: 'Kowalski', permissions: 'user' },
  { firstName: 'Aisha', surname: 'Khan', permissions: 'user', lastLoginDaysAgo: 3 },
  { firstName: 'George', surname: 'Li', permissions: 'user' },
  { firstName: 'Emma', surname: 'Sørensen', permissions: 'user', lastLoginDaysAgo: 40 },
];

const DOMAIN = 'harbourside-expo.example';

function isoDate(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

export async function seedDemo(ctx: AppContext) {
  const suffix = Math.random().toString(36).slice(2, 6);
  const appUrl = ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`;
  const signIns: { email: string; password: string; permissions: Permission }[] = [];
  const eventId = await withTransaction(ctx.db, async (tx) => {
    const id = await createEvent(
      tx,
      {
        eventName: 'Harbourside Food & Drink Expo 2027',
        shortName: 'Harbourside Expo',
        startDate: isoDate(120),
        endDate: isoDate(122),
        timeZone: 'Europe/London',
        appUrl,
      },
      'system',
    );
    // A second demo event gets its own subdomain, so its accounts do not collide with the first's.
    const [earlier] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(like(accounts.email, `%@${DOMAIN}`))
      .limit(1);
    const domain = earlier ? `${suffix}.${DOMAIN}` : DOMAIN;
    for (const person of DEMO_PEOPLE) {
      const local = `${person.firstName}.${person.surname}`
        .toLowerCase()
        .replace(/ø/g, 'o')
        .normalize('NFKD')
        .replace(/[^a-z.]/g, '');
      const email = `${local}@${domain}`;
      const password = generatePassword();
      const { accountId } = await addUserToEvent(
        tx,
        {
          eventId: id,
          email,
          firstName: person.firstName,
          surname: person.surname,
          permissions: person.permissions,
          password,
        },
        'system',
      );
      if (person.lastLoginDaysAgo !== undefined) {
        await tx
          .update(memberships)
          .set({
            hasLoggedIn: true,
            lastLoginInTime: new Date(Date.now() - person.lastLoginDaysAgo * 86_400_000 - 3_600_000),
          })
          .where(and(eq(memberships.eventId, id), eq(memberships.accountId, accountId)));
      }
      if (person.permissions !== 'user' || signIns.every((s) => s.permissions !== 'user')) {
        signIns.push({ email, password, permissions: person.permissions });
      }
    }
    await seedDemoTeams(tx, id, domain);
    await seedDemoTasks(tx, id);
    await seedDemoReports(tx, id);
    return id;
  });
  await seedDemoSettings(ctx.db, eventId);
  await seedDemoSuppliers(ctx, eventId);
  await seedDemoAssets(ctx, eventId);
  await seedDemoContent(ctx, eventId);
  await seedDemoForms(ctx, eventId);
  await seedDemoSubmissionFiles(ctx, eventId);
  await seedDemoNotifications(ctx.db, eventId);
  await seedDemoEmailTemplates(ctx.db, eventId);
  // After the content seed: the sidebar, featured pages and cards link to its pages.
  await seedDemoPortal(ctx, eventId);
  await seedDemoTimetable(ctx, eventId);
  // Last: the trail's entries name the tasks, teams and people made above.
  await seedDemoAudit(ctx.db, eventId);
  const summary = [
    `Demo event created: Harbourside Food & Drink Expo 2027 (${eventId})`,
    `Open ${appUrl}/auth/login and sign in as:`,
    ...signIns.map((s) => `  ${s.permissions.padEnd(12)} ${s.email}  password: ${s.password}`),
  ].join('\n');
  return { eventId, signIns, summary };
}
