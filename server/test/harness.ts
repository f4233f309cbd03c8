import { readFileSync } from 'node:fs';
import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { outboxEmails } from '../modules/emails/tables';
import { createEvent } from '../modules/events/service';
import { addUserToEvent } from '../modules/people/service';
import { loadConfig } from '../platform/config';
import type { AppContext } from '../platform/context';
import { type Database, openPglite, openPostgres } from '../platform/db/client';
import { createInlineJobs } from '../platform/jobs';
import { createMailer } from '../platform/mail/mailer';
import type { App } from '../platform/http/types';
import type { Permission } from '../../shared/auth/permissions';
import { TEMPLATE_DB, withDatabase } from './global-setup';

export type TestApp = {
  app: App;
  ctx: AppContext;
  close(): Promise<void>;
};

async function openTestDatabase(): Promise<Database> {
  const url = inject('databaseUrl');
  if (url) {
    const name = `portal_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
    await admin.end();
    const database = await openPostgres(withDatabase(url, name));
    return {
      ...database,
      async close() {
        await database.close();
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  }
  const dump = readFileSync(inject('pgliteTemplate'));
  return openPglite(undefined, new Blob([dump]));
}

/** A full app on its own copy of the migrated template; jobs run inline, email stays in the outbox. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', ...env });
  const logger = pino({ level: 'silent' });
  const ctx: AppContext = { config, database, db: database.db, logger, jobs: createInlineJobs(logger), mailer: createMailer(undefined) };
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export const TEST_PASSWORD = 'correct-horse-battery';
export const APP_URL = 'https://portal.example.test';

let counter = 0;
/** A unique, valid email for this test file. */
export function uniqueEmail(name = 'person'): string {
  counter += 1;
  return `${name}.${counter}.${Math.random().toString(36).slice(2, 6)}@example.test`;
}

export async function makeEvent(t: TestApp, name = 'Expo 2027'): Promise<string> {
  return t.ctx.db.transaction((tx) =>
    createEvent(tx, { eventName: name, shortName: name, startDate: '2027-05-10', endDate: '2027-05-12', timeZone: 'Europe/London', appUrl: APP_URL }, 'system'),
  );
}

export async function makeUser(
  t: TestApp,
  eventId: string,
  permissions: Permission = 'user',
  options: { email?: string; password?: string | null; firstName?: string; surname?: string } = {},
): Promise<{ id: string; email: string; password: string }> {
  const email = options.email ?? uniqueEmail(permissions);
  const password = options.password === null ? undefined : (options.password ?? TEST_PASSWORD);
  const { accountId } = await t.ctx.db.transaction((tx) =>
    addUserToEvent(tx, { eventId, email, firstName: options.firstName ?? 'Test', surname: options.surname ?? permissions, permissions, password }, 'system'),
  );
  return { id: accountId, email, password: password ?? '' };
}

/** Signs in through the API and returns the session cookie header to send with later requests. */
export async function signIn(t: TestApp, email: string, password = TEST_PASSWORD, eventId?: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, ...(eventId ? { eventId } : {}) } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'portal_session');
  if (!cookie) throw new Error('no session cookie');
  return `portal_session=${cookie.value}`;
}

/** The newest email sent to an address, from the outbox. */
export async function lastEmailTo(t: TestApp, to: string) {
  const [row] = await t.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, to)).orderBy(desc(outboxEmails.createdAt)).limit(1);
  return row;
}

/** The token inside the newest link emailed to an address. */
export async function tokenFromEmail(t: TestApp, to: string): Promise<string> {
  const email = await lastEmailTo(t, to);
  const link = email?.links[0];
  if (!link) throw new Error(`no link emailed to ${to}`);
  return new URL(link).searchParams.get('token') ?? '';
}
