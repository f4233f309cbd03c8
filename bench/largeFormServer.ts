// A built server with one event, its admin and the engine's 300-field, 50-rule form saved through
// the API as the builder would: what the builder's bench and its profile open. `npm run build` first.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext } from 'playwright-core';
import { rekeyFixture } from '../server/modules/forms/fixtures/service';
import { rekeyLogicMap } from '../shared/forms/duplicate';
import { largeFormFixture } from '../shared/forms/fixtures';
import { startServer, stopServer } from './lib';

export const LARGE_FORM_FIELDS = Object.keys(largeFormFixture.definition.fields).length;
export const benchAdmin = { email: 'bench.admin@example.test', password: 'bench-password-123' };

/** Starts the server on `port` with one event and its admin (the demo seed would take minutes). */
export async function startLargeFormServer(port: string) {
  if (!existsSync('dist/server/cli.js') || !existsSync('dist/client/index.html')) {
    throw new Error('no build: run `npm run build` first');
  }
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-forms-builder-'));
  const env = { PORT: port, DATA_DIR: dataDir, PUBLIC_URL: base };
  const created = execFileSync(
    process.execPath,
    [
      'dist/server/cli.js',
      'create-event',
      '--name',
      'Bench Expo',
      '--app-url',
      base,
      '--admin-email',
      benchAdmin.email,
      '--admin-password',
      benchAdmin.password,
      '--json',
    ],
    { env: { ...process.env, ...env, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
  );
  const eventId = (JSON.parse(created.trim().split('\n').at(-1) ?? '{}') as { eventId?: string }).eventId;
  if (!eventId) throw new Error(`no event in create-event's output:\n${created}`);
  const { child } = await startServer(env);
  return {
    base,
    eventId,
    stop: async () => {
      await stopServer(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs the admin in on `request` (a browser context's), so its pages share the session. */
export async function signInAdmin(request: APIRequestContext) {
  const signedIn = await request.post('/api/auth/login', { data: benchAdmin });
  if (!signedIn.ok()) throw new Error(`sign-in failed: ${signedIn.status()}`);
}

/** Creates a form and saves the large fixture into it through the API; answers its builder's path. */
export async function importLargeForm(request: APIRequestContext, eventId: string): Promise<string> {
  const api = `/api/events/${eventId}`;
  const call = async (method: 'POST' | 'PUT' | 'DELETE', url: string, data?: object) => {
    const res = await request.fetch(`${api}${url}`, { method, data: data ?? {} });
    if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${(await res.text()).slice(0, 300)}`);
    return res.status() === 204 ? null : res.json();
  };
  const keyed = rekeyFixture(largeFormFixture);
  const created = await call('POST', '/forms', { form: { title: 'Exhibitor Manual Checklist' } });
  const formId: string = created.form.id;
  await call('POST', `/forms/${formId}/lock`);
  await call('PUT', `/forms/${formId}`, {
    form: {
      title: 'Exhibitor Manual Checklist',
      fieldIds: keyed.fields.map((f) => f.id),
      logicMap: rekeyLogicMap(largeFormFixture.definition.form.logicMap, keyed.idMap),
    },
    newFields: keyed.fields,
    removedFieldIds: [created.form.fieldIds[0]],
  });
  await call('DELETE', `/forms/${formId}/lock`);
  return `/admin/forms/${formId}`;
}
