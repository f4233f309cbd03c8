/**
 * The server of bench/submission-upload.bench.ts, in a process of its own so that its resident
 * memory is the server's alone: the whole app on an in-memory PGlite, files on disk, an event with
 * a team and a published form whose upload field takes documents up to 50 MB (the spec's MB, 10^6 bytes). Prints one JSON line
 * (where to upload, as whom) once it listens on BENCH_PORT.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { addUserToEvent } from '../../server/modules/auth/accounts/service';
import { formsApi, newField } from '../../server/modules/forms/formsTestKit';
import { openPglite } from '../../server/platform/db/client';
import { migrate } from '../../server/platform/db/migrate';
import { withTransaction } from '../../server/platform/db/transaction';
import type { TestApp } from '../../server/test/harness';
import { benchContext, createBenchEvent } from '../lib';

const PORT = Number(process.env.BENCH_PORT ?? 3760);
const PASSWORD = 'bench-password-123';

async function main() {
  const database = await openPglite(undefined);
  await migrate(database);
  const ctx = benchContext(database, { files: mkdtempSync(join(tmpdir(), 'portal-upload-bench-')) });
  const app = await buildApp(ctx);
  const eventId = await createBenchEvent(database);
  const add = (email: string, permissions: 'admin' | 'user') =>
    withTransaction(database.db, (tx) =>
      addUserToEvent(
        tx,
        { eventId, email, firstName: 'Bench', surname: permissions, permissions, password: PASSWORD },
        'system',
      ),
    );
  await add('admin@bench.example', 'admin');
  await add('owner@bench.example', 'user');
  const signIn = async (email: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD, eventId },
    });
    return `portal_session=${res.cookies.find((c) => c.name === 'portal_session')?.value}`;
  };
  const admin = await signIn('admin@bench.example');
  const forms = formsApi({ app, ctx } as unknown as TestApp, eventId);
  const team = await forms.call('POST', admin, '/teams', {
    name: 'Bench Stand',
    owner: { firstName: 'Bench', surname: 'Owner', email: 'owner@bench.example' },
  });
  if (team.statusCode !== 201) throw new Error(`team: ${team.body}`);
  const owner = await signIn('owner@bench.example');
  const plan = newField('upload', 'Stand plan', {
    accept: ['docs'],
    hasMaxFileSize: true,
    maxFileSizeMB: 50,
  });
  const made = await forms.createForm(admin, 'Stand plans');
  await forms.takeLock(admin, `/forms/${made.form.id}`);
  const saved = await forms.call('PUT', admin, `/forms/${made.form.id}`, {
    form: { title: 'Stand plans', isPublished: true, fieldIds: [plan.id] },
    newFields: [plan],
    removedFieldIds: [made.fields[0]?.id],
  });
  if (saved.statusCode !== 200) throw new Error(`form: ${saved.body}`);
  await app.listen({ port: PORT, host: '127.0.0.1' });
  const path = `/api/events/${eventId}/my-forms/${made.form.id}/files?fieldId=${plan.id}`;
  console.log(JSON.stringify({ url: `http://127.0.0.1:${PORT}${path}`, cookie: owner }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
