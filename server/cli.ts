import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { z } from 'zod';
import { PERMISSIONS, type Permission } from '../shared/auth/permissions';
import { emailSchema } from '../shared/auth/schema';
import { cloneRequestSchema, DEFAULT_SHIFT_DAYS } from '../shared/editions/clone';
import { newEventSchema } from '../shared/events/schema';
import { recordAudit, systemEntry } from './modules/audit/service';
import type { AuditChanges } from './modules/audit/tables';
import { addUserToEvent } from './modules/auth/accounts/service';
import { cloneFromCli } from './modules/editions/service';
import { registerEmailJobs } from './modules/emails/jobs';
import { dispatchEmails } from './modules/emails/service';
import { createEvent, getEvent } from './modules/events/service';
import { queueWelcome } from './modules/people/placement/service';
import {
  backupCommand,
  OpsUsageError,
  purgeEventCommand,
  restoreCommand,
  storageCopyCommand,
} from './ops/commands';
import { openRuntime, type Runtime } from './platform/bootstrap';
import { loadConfig } from './platform/config';
import { withTransaction } from './platform/db/transaction';
import { DataDirLockedError } from './platform/lock';
import { seedDemo } from './seed/demo';
import { seedScale } from './seed/scale';
import { wireJobs, wireModules } from './wiring';

const USAGE = `Usage: npm run cli -- <command> [options]

  create-event --name NAME [--short-name S] [--start YYYY-MM-DD] [--end YYYY-MM-DD]
               [--time-zone Europe/London] [--app-url URL]
               --admin-email EMAIL [--admin-password P] [--admin-first-name F] [--admin-surname S] [--json]
  create-user  --event ID --email EMAIL [--permissions staff|admin|moderator|reportViewer|user]
               [--password P] [--first-name F] [--surname S] [--json]
  clone-event --from EVENT_ID --name NAME [--shift-days N] [--admin-email EMAIL] [--json]
               the next edition: a copy of the event's set-up, dates moved by N days (default 364);
               its admins are the account of --admin-email, or else the first edition's admins
  seed --demo  a believable demo event with an admin, a moderator and users; prints how to sign in
  seed --teams N [--tasks M]  an event with N teams and 3N users for load tests (one printed password
       for all); --tasks adds M tasks in groups and a status for every team and task
       (--demo --teams N makes both)

  storage-copy --to s3|disk [--json]  copies every stored file from the data dir to the S3 bucket
       (S3_*), or back; resumable: files already there with the same size are skipped
  backup --out FILE [--json]  the embedded database and every file in one archive, consistent
       while the server runs (the running server takes it)
  restore --from FILE [--json]  a backup into a new, empty DATA_DIR (and the configured store)
  purge-event --event ID [--yes] [--json]  removes an event with all its rows and files, after
       typing its name (or --yes)
  reset-queue --yes [--json]  drops the job queue's schema (pgboss) so the next start makes it
       anew: after a downgrade from pg-boss 11+ (decision 0047); jobs still waiting are lost

A password left out is generated and printed. With no DATABASE_URL the CLI opens DATA_DIR
(./data) itself, and refuses while the portal server is running on it.`;

class UsageError extends Error {}

const STRING_OPTIONS = [
  'name',
  'short-name',
  'start',
  'end',
  'time-zone',
  'app-url',
  'admin-email',
  'admin-password',
  'admin-first-name',
  'admin-surname',
  'event',
  'email',
  'permissions',
  'password',
  'first-name',
  'surname',
  'teams',
  'tasks',
  'to',
  'out',
  'from',
  'shift-days',
];

function option(values: Record<string, string | boolean | undefined>, name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
}

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const v = option(values, name);
  if (!v) throw new UsageError(`--${name} is required`);
  return v;
}

function today(offsetDays = 0): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

async function createEventCommand(rt: Runtime, v: Record<string, string | boolean | undefined>) {
  const { ctx } = rt;
  const name = required(v, 'name');
  const event = newEventSchema.parse({
    eventName: name,
    shortName: option(v, 'short-name') ?? name,
    startDate: option(v, 'start') ?? today(90),
    endDate: option(v, 'end') ?? option(v, 'start') ?? today(92),
    timeZone: option(v, 'time-zone') ?? 'Europe/London',
    appUrl: option(v, 'app-url') ?? ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`,
  });
  const email = emailSchema.parse(required(v, 'admin-email'));
  const password = option(v, 'admin-password');
  const firstName = option(v, 'admin-first-name') ?? 'Event';
  const result = await withTransaction(ctx.db, async (tx, effects) => {
    const eventId = await createEvent(tx, event, 'system');
    const user = await addUserToEvent(
      tx,
      {
        eventId,
        email,
        firstName,
        surname: option(v, 'admin-surname') ?? 'Admin',
        permissions: 'admin',
        password,
      },
      'system',
    );
    const outbox = await queueWelcome(tx, eventId, { ...user, firstName, email }, 'system');
    await recordAudit(
      tx,
      cliEntry(eventId, 'events', eventId, 'create-event', {
        eventName: { after: name },
        adminEmail: { after: email },
      }),
    );
    effects.afterCommit(() => dispatchEmails(ctx, outbox));
    return { eventId, userId: user.accountId };
  });
  return result;
}

/** Writes made at the command line are the system's, named by their command (decision 0030). */
function cliEntry(
  eventId: string,
  entityType: string,
  entityId: string,
  command: string,
  changes: AuditChanges,
) {
  return systemEntry({ eventId, entityType, entityId, action: 'create', route: `cli ${command}`, changes });
}

async function createUserCommand(rt: Runtime, v: Record<string, string | boolean | undefined>) {
  const { ctx } = rt;
  const eventId = z.uuid({ message: 'Event ID not found' }).parse(required(v, 'event'));
  await getEvent(ctx.db, eventId);
  const permissions = (option(v, 'permissions') ?? 'user') as Permission;
  if (!PERMISSIONS.includes(permissions))
    throw new UsageError(`--permissions must be one of ${PERMISSIONS.join(', ')}`);
  const email = emailSchema.parse(required(v, 'email'));
  const firstName = option(v, 'first-name') ?? email.split('@')[0];
  const result = await withTransaction(ctx.db, async (tx, effects) => {
    const user = await addUserToEvent(
      tx,
      {
        eventId,
        email,
        firstName,
        surname: option(v, 'surname') ?? '',
        permissions,
        password: option(v, 'password'),
      },
      'system',
    );
    const outbox = await queueWelcome(tx, eventId, { ...user, firstName, email }, 'system');
    await recordAudit(
      tx,
      cliEntry(eventId, 'users', user.accountId, 'create-user', {
        email: { after: email },
        permissions: { after: permissions },
      }),
    );
    effects.afterCommit(() => dispatchEmails(ctx, outbox));
    return { userId: user.accountId };
  });
  return { eventId, userId: result.userId };
}

const print = (values: Record<string, unknown>, out: Record<string, unknown>): 0 => {
  console.log(
    values.json
      ? JSON.stringify(out)
      : Object.entries(out)
          .map(([k, val]) => `${k}: ${Array.isArray(val) ? val.join('; ') : val}`)
          .join('\n'),
  );
  return 0;
};

/** Storage, backup and purge (server/ops): each opens only what it needs. Null: not one of them. */
async function opsCommand(
  command: string,
  config: ReturnType<typeof loadConfig>,
  values: Record<string, string | boolean | undefined>,
): Promise<number | null> {
  try {
    if (command === 'storage-copy') {
      const { summary, code } = await storageCopyCommand(config, values);
      print(values, summary);
      return code;
    }
    if (command === 'backup') return print(values, await backupCommand(config, values));
    if (command === 'restore') return print(values, await restoreCommand(config, values));
    if (command === 'purge-event') return print(values, await purgeEventCommand(config, values));
    return null;
  } catch (err) {
    if (err instanceof OpsUsageError) throw new UsageError(err.message);
    throw err;
  }
}

async function cloneEventCommand(rt: Runtime, v: Record<string, string | boolean | undefined>) {
  const from = z.uuid({ message: 'Event ID not found' }).parse(required(v, 'from'));
  const shift = option(v, 'shift-days');
  const input = cloneRequestSchema.parse({
    name: required(v, 'name'),
    shiftDays: shift === undefined ? DEFAULT_SHIFT_DAYS : Number(shift),
  });
  const adminEmail = option(v, 'admin-email');
  const clone = await cloneFromCli(rt.ctx, from, input, adminEmail && emailSchema.parse(adminEmail));
  return { eventId: clone.newEventId, fromEventId: from, cloneId: clone.id };
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      json: { type: 'boolean' },
      demo: { type: 'boolean' },
      yes: { type: 'boolean' },
      help: { type: 'boolean' },
      ...Object.fromEntries(STRING_OPTIONS.map((name) => [name, { type: 'string' as const }])),
    },
  });
  const command = positionals[0];
  if (!command || values.help) {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
  const ops = await opsCommand(command, config, values);
  if (ops !== null) return ops;
  const rt = await openRuntime(config, 'cli', pino({ level: config.logLevel }, process.stderr));
  try {
    // The same registries as the server (file access, team-type columns, user transfers).
    wireModules();
    wireJobs(rt.ctx);
    // Set-password links are emailed by a job; the CLI runs it inline, so it needs the handler too.
    registerEmailJobs(rt.ctx);
    if (command === 'create-event' || command === 'create-user' || command === 'clone-event') {
      const out =
        command === 'create-event'
          ? await createEventCommand(rt, values)
          : command === 'create-user'
            ? await createUserCommand(rt, values)
            : await cloneEventCommand(rt, values);
      console.log(
        values.json
          ? JSON.stringify(out)
          : Object.entries(out)
              .map(([k, val]) => `${k}: ${val}`)
              .join('\n'),
      );
      return 0;
    }
    if (command === 'reset-queue') {
      // The queue holds only transient work; still, what waits in it is lost, so it takes --yes.
      if (!values.yes) throw new UsageError('reset-queue drops every job still waiting: run it with --yes');
      await rt.ctx.db.execute(sql`drop schema if exists pgboss cascade`);
      return print(values, { queue: 'dropped; the next server start creates it' });
    }
    if (command === 'seed') {
      const teamsOption = option(values, 'teams');
      const teamCount = teamsOption === undefined ? undefined : Number(teamsOption);
      if (teamCount !== undefined && !(Number.isInteger(teamCount) && teamCount >= 1 && teamCount <= 100_000))
        throw new UsageError('--teams must be a whole number from 1 to 100000');
      if (!values.demo && teamCount === undefined) throw new UsageError('seed needs --demo or --teams N');
      const tasksOption = option(values, 'tasks');
      const taskCount = tasksOption === undefined ? 0 : Number(tasksOption);
      if (!(Number.isInteger(taskCount) && taskCount >= 0 && taskCount <= 5_000))
        throw new UsageError('--tasks must be a whole number from 0 to 5000');
      if (taskCount > 0 && teamCount === undefined) throw new UsageError('--tasks needs --teams N');
      const outputs: { summary: string }[] = [];
      if (values.demo) outputs.push(await seedDemo(rt.ctx));
      if (teamCount !== undefined) {
        const appUrl = rt.ctx.config.publicUrl ?? `http://localhost:${rt.ctx.config.port}`;
        outputs.push(await seedScale(rt.ctx.db, { teams: teamCount, appUrl, tasks: taskCount }));
      }
      console.log(
        values.json
          ? JSON.stringify(outputs.length === 1 ? outputs[0] : outputs)
          : outputs.map((o) => o.summary).join('\n\n'),
      );
      return 0;
    }
    throw new UsageError(`Unknown command: ${command}`);
  } finally {
    await rt.shutdown();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    if (
      err instanceof UsageError ||
      (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))
    )
      console.error(`${err.message}\n\n${USAGE}`);
    else if (err instanceof DataDirLockedError) console.error(err.message);
    else if (err && typeof err === 'object' && 'issues' in err && Array.isArray(err.issues))
      console.error(
        `Invalid input: ${(err as { issues: { path: unknown[]; message: string }[] }).issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    else console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
