import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../platform/mail/mailer';
import { createTestApp, makeEvent, makeUser, nextAddress, type TestApp } from '../../test/harness';
import { queueTokenEmail } from '../auth/recovery/service';
import { dispatchEmails } from './service';

/**
 * Issue 12: a reset or set-password link is a live credential. After its email has gone (printed
 * to the console with no SMTP server, or refused by the SMTP server), nothing the database keeps
 * may hold it: no row of any table (outbox, jobs, logs), and on PGlite no byte of the data dir,
 * which is what a copy or a backup of the install holds; nor the uploaded files.
 */

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}

/** Every row of every table of every schema (the app's and the job queue's), as text. */
async function everyRow(t: TestApp): Promise<string> {
  const tables = (await t.ctx.db.execute(
    sql`select table_schema as s, table_name as n from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  )) as unknown as { rows: { s: string; n: string }[] };
  const parts: string[] = [];
  for (const { s, n } of tables.rows) {
    const rows = (await t.ctx.db.execute(sql.raw(`select t::text as r from "${s}"."${n}" t`))) as unknown as {
      rows: { r: string }[];
    };
    parts.push(...rows.rows.map((row) => row.r));
  }
  return parts.join('\n');
}

/** Forms a token can take in stored text: as is, URL-encoded, and in quoted-printable HTML. */
const formsOf = (token: string) => [token, encodeURIComponent(token)];

async function sendLinks(t: TestApp): Promise<string[]> {
  const eventId = await makeEvent(t);
  const reset = await makeUser(t, eventId, 'user');
  const invited = await makeUser(t, eventId, 'user', { password: null });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    remoteAddress: nextAddress(),
    payload: { email: reset.email },
  });
  expect(res.statusCode).toBe(200);
  const outboxId = await t.ctx.db.transaction((tx) =>
    queueTokenEmail(tx, {
      accountId: invited.id,
      eventId,
      mode: 'setPassword',
      to: invited.email,
      firstName: 'Ivy',
      actor: 'system',
    }),
  );
  await dispatchEmails(t.ctx, [outboxId]);
  return [reset.email, invited.email];
}

async function expectNoLiveToken(t: TestApp, tokens: string[], dataDir: string | null) {
  expect(tokens).toHaveLength(2);
  for (const token of tokens) expect(token.length).toBeGreaterThan(20);
  const rows = await everyRow(t);
  expect(rows).toContain('token=redacted');
  const files: string[] = [...filesUnder(t.filesDir)];
  if (dataDir) {
    // Written pages and the write-ahead log, as a copy of the data dir would hold them.
    await t.ctx.db.execute(sql`checkpoint`);
    files.push(...filesUnder(dataDir));
  }
  for (const token of tokens) {
    for (const form of formsOf(token)) {
      expect(rows.includes(form), 'a row of the database').toBe(false);
      const needle = Buffer.from(form);
      const found = files.filter((file) => readFileSync(file).includes(needle));
      expect(found, 'files of the data dir').toEqual([]);
    }
  }
}

const tokenOf = (message: MailMessage) => new URL(message.links[0]).searchParams.get('token') ?? '';

describe('no live link token at rest once its email has gone', () => {
  const dirs: string[] = [];
  const apps: TestApp[] = [];
  const open = async (env: Record<string, string>) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-tokens-'));
    dirs.push(dataDir);
    const t = await createTestApp(env, { pgliteDataDir: dataDir });
    apps.push(t);
    return { t, dataDir: t.ctx.database.kind === 'pglite' ? dataDir : null };
  };
  afterAll(async () => {
    for (const t of apps) await t.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('with no SMTP server (the console prints the link when it is sent)', { timeout: 180_000 }, async () => {
    const { t, dataDir } = await open({});
    const [resetTo, invitedTo] = await sendLinks(t);
    const tokens = [resetTo, invitedTo].map((to) =>
      tokenOf(t.sentEmails.findLast((m) => m.to === to) as MailMessage),
    );
    await expectNoLiveToken(t, tokens, dataDir);
  });

  it('when the SMTP server cannot be reached (the send failed)', { timeout: 180_000 }, async () => {
    // A port nothing listens on: every send fails.
    const { t, dataDir } = await open({ SMTP_URL: 'smtp://127.0.0.1:9' });
    const tried: MailMessage[] = [];
    const { deliver, close } = t.ctx.mailer;
    t.ctx.mailer = {
      kind: 'smtp',
      close,
      deliver: async (message) => {
        tried.push(message);
        return deliver(message);
      },
    };
    const [resetTo, invitedTo] = await sendLinks(t);
    const tokens = [resetTo, invitedTo].map((to) =>
      tokenOf(tried.findLast((m) => m.to === to) as MailMessage),
    );
    const statuses = (await t.ctx.db.execute(sql`select status from outbox_emails`)) as unknown as {
      rows: { status: string }[];
    };
    expect(statuses.rows.map((r) => r.status)).toEqual(['failed', 'failed']);
    await expectNoLiveToken(t, tokens, dataDir);
  });
});
