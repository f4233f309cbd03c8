import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import type { Permission } from '../../shared/auth/permissions';
import { buildApp } from '../app';
import { routesWritingOutsideTransaction } from '../modules/audit/wiring';
import { addUserToEvent } from '../modules/auth/accounts/service';
import { outboxEmails } from '../modules/emails/tables';
import { createEvent } from '../modules/events/service';
import { enableReadCache, readCache } from '../platform/cache';
import { type CacheListener, startCacheListener } from '../platform/cacheListener';
import { loadConfig } from '../platform/config';
import type { AppContext } from '../platform/context';
import { reportWritesOutsideTransactions } from '../platform/db/beforeCommit';
import { type Database, openPglite, openPostgres } from '../platform/db/client';
import { migrate } from '../platform/db/migrate';
import { logEffectFailures, withTransaction } from '../platform/db/transaction';
import type { App } from '../platform/http/types';
import { createInlineJobs } from '../platform/jobs';
import { createMailer, type MailMessage } from '../platform/mail/mailer';
import { createDiskStorage, type Storage } from '../platform/storage';
import { withDatabase } from './global-setup';

export type TestApp = {
  app: App;
  ctx: AppContext;
  /** Every email delivered with no SMTP configured, as sent (links with their tokens). */
  sentEmails: MailMessage[];
  /** Where uploaded files are stored. */
  filesDir: string;
  /** The read cache's listener, when asked for on PostgreSQL (`postgresReadCache`). */
  cacheListener: CacheListener | null;
  close(): Promise<void>;
};

/**
 * A fresh database for one test file, copied from the migrated template: on PostgreSQL a new
 * database (its URL too, for a child process such as the CLI), on PGlite an in-memory copy.
 */
export async function createTestDatabaseUrl(): Promise<{ url: string; drop(): Promise<void> }> {
  const url = inject('databaseUrl');
  if (!url) throw new Error('createTestDatabaseUrl needs DATABASE_URL (PostgreSQL)');
  const name = `portal_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('templateDb')}`);
  await admin.end();
  return {
    url: withDatabase(url, name),
    async drop() {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export async function openTestDatabase(): Promise<Database> {
  if (inject('databaseUrl')) {
    const { url, drop } = await createTestDatabaseUrl();
    const database = await openPostgres(url);
    return {
      ...database,
      async close() {
        await database.close();
        await drop();
      },
    };
  }
  const dump = readFileSync(inject('pgliteTemplate'));
  return openPglite(undefined, new Blob([dump]));
}

/**
 * A full app on its own copy of the migrated template; jobs run inline,
 * email stays in the outbox unless the env sets SMTP_URL.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    pgliteDataDir?: string;
    storage?: Storage;
    /** A PostgreSQL database another test app already uses (made by createTestDatabaseUrl): not dropped on close. */
    databaseUrl?: string;
    /**
     * The read cache on PostgreSQL as the server runs it, listening for every process's writes
     * (decision 0051). Off by default, so the PostgreSQL run of the API tests reads everything from
     * the database, and a read model missing a table shows as a test passing on one engine only.
     */
    postgresReadCache?: boolean;
  } = {},
): Promise<TestApp> {
  // A data dir on disk (PGlite only), for a test that reads the files the database writes.
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : options.pgliteDataDir && !inject('databaseUrl')
      ? await openMigratedPglite(options.pgliteDataDir)
      : await openTestDatabase();
  // As in production: the cache is on for the embedded database; on PostgreSQL only when asked.
  enableReadCache(database.kind === 'pglite');
  const cacheListener =
    options.postgresReadCache && database.connectionString
      ? startCacheListener(database.connectionString, readCache, pino({ level: 'silent' }), {
          heartbeatMs: 500,
        })
      : null;
  await cacheListener?.ready;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', ...env });
  const logger = pino({ level: 'silent' });
  logEffectFailures(database.db, logger);
  // Decision 0045, held here only (production pays nothing, 0048): a route's write outside a
  // transaction is reported to the audit wrapper, and close() fails the file that made it.
  reportWritesOutsideTransactions(database.db);
  const filesDir = mkdtempSync(join(tmpdir(), 'portal-files-'));
  const sentEmails: MailMessage[] = [];
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    logger,
    jobs: createInlineJobs(logger),
    mailer: config.smtpUrl
      ? createMailer(config.smtpUrl)
      : { kind: 'outbox', deliver: async (message) => void sentEmails.push(message), close: async () => {} },
    storage: options.storage ?? createDiskStorage(filesDir),
  };
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    sentEmails,
    filesDir,
    cacheListener,
    async close() {
      await app.close();
      await ctx.mailer.close();
      await cacheListener?.close();
      await database.close();
      rmSync(filesDir, { recursive: true, force: true });
      failWritesOutsideTransaction(app);
    },
  };
}

/**
 * Decision 0045: a route's writes run inside a transaction, so its audit entry commits with them.
 * Every API test holds the rule for the routes it calls: a route that wrote outside one fails the
 * file that called it (move the write into `withTransaction`, or mark true bookkeeping with
 * `bookkeeping()` from server/platform/db/beforeCommit.ts).
 */
function failWritesOutsideTransaction(app: App): void {
  const outside = routesWritingOutsideTransaction(app);
  if (outside.size === 0) return;
  const lines = [...outside].map(([route, writes]) => `  ${route} (${[...writes].join(', ')})`);
  throw new Error(
    `routes wrote outside a transaction, so their audit entry did not commit with them:\n${lines.join('\n')}`,
  );
}

async function openMigratedPglite(dataDir: string): Promise<Database> {
  const database = await openPglite(dataDir);
  await migrate(database);
  return database;
}

export const TEST_PASSWORD = 'correct-horse-battery';
export const APP_URL = 'https://portal.example.test';

let counter = 0;
/** A unique, valid email for this test file, lower-case as accounts store it. */
export function uniqueEmail(name = 'person'): string {
  counter += 1;
  return `${name}.${counter}.${Math.random().toString(36).slice(2, 6)}@example.test`.toLowerCase();
}

export async function makeEvent(t: TestApp, name = 'Expo 2027'): Promise<string> {
  return withTransaction(t.ctx.db, (tx) =>
    createEvent(
      tx,
      {
        eventName: name,
        shortName: name,
        startDate: '2027-05-10',
        endDate: '2027-05-12',
        timeZone: 'Europe/London',
        appUrl: APP_URL,
      },
      'system',
    ),
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
  const { accountId } = await withTransaction(t.ctx.db, (tx) =>
    addUserToEvent(
      tx,
      {
        eventId,
        email,
        firstName: options.firstName ?? 'Test',
        surname: options.surname ?? permissions,
        permissions,
        password,
      },
      'system',
    ),
  );
  return { id: accountId, email, password: password ?? '' };
}

let addressCounter = 0;
/**
 * A client address not used before in this file. Requests that are not about rate limits send one,
 * so that the per-address limits (login, password reset) never trip across a file's many requests.
 */
export function nextAddress(): string {
  addressCounter += 1;
  return `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

/** Signs in through the API and returns the session cookie header to send with later requests. */
export async function signIn(
  t: TestApp,
  email: string,
  password = TEST_PASSWORD,
  eventId?: string,
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: nextAddress(),
    payload: { email, password, ...(eventId ? { eventId } : {}) },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'portal_session');
  if (!cookie) throw new Error('no session cookie');
  return `portal_session=${cookie.value}`;
}

/** The newest email sent to an address, from the outbox. */
export async function lastEmailTo(t: TestApp, to: string) {
  const [row] = await t.ctx.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.to, to))
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1);
  return row;
}

/** The newest email delivered to an address, as sent (its links still carry their tokens). */
export function lastSentTo(t: TestApp, to: string): MailMessage | undefined {
  return t.sentEmails.findLast((message) => message.to === to);
}

/** The token inside the newest link emailed to an address (as sent: the outbox keeps it redacted). */
export async function tokenFromEmail(t: TestApp, to: string): Promise<string> {
  const link = lastSentTo(t, to)?.links[0];
  if (!link) throw new Error(`no link emailed to ${to}`);
  return new URL(link).searchParams.get('token') ?? '';
}

/** An answer's body without its request id, for tests that check two answers are byte for byte alike. */
export function withoutRequestId(body: string): string {
  return body.replace(/,"requestId":"[^"]*"/, '');
}
