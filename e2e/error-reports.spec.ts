import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/**
 * Browser error reports (decision 0043) end to end: a server of its own with SENTRY_BROWSER_DSN
 * pointing at a Sentry-compatible receiver this journey starts on loopback (the shared servers run
 * without reports, as an installation without a DSN does). A signed-in admin meets a 5xx and an
 * uncaught error; the envelopes that arrive carry both, the server's request id as a tag, and no
 * password, no session cookie and no e-mail address, also inside the Session Replay recording.
 *
 * It uses Playwright's own `test`, not e2e/test.ts: the errors here are provoked on purpose, and
 * the shared fixture fails a journey on any console error or 5xx.
 */

type Item = { type: string; text: string };

/** An envelope's items: a header line, then per item a header line and its payload. */
function itemsOf(body: Buffer): Item[] {
  const items: Item[] = [];
  let at = body.indexOf(10) + 1;
  while (at > 0 && at < body.length) {
    const headerEnd = body.indexOf(10, at);
    if (headerEnd === -1) break;
    const header = JSON.parse(body.subarray(at, headerEnd).toString('utf8')) as {
      type: string;
      length?: number;
    };
    const start = headerEnd + 1;
    const end = header.length === undefined ? body.indexOf(10, start) : start + header.length;
    const payload = body.subarray(start, end === -1 ? body.length : end);
    items.push({ type: header.type, text: readPayload(header.type, payload) });
    at = (end === -1 ? body.length : end) + 1;
  }
  return items;
}

/** A replay recording is a JSON line and then the recording, deflated by the SDK's worker. */
function readPayload(type: string, payload: Buffer): string {
  if (type !== 'replay_recording') return payload.toString('utf8');
  const split = payload.indexOf(10) + 1;
  try {
    return (
      payload.subarray(0, split).toString('utf8') + inflateSync(payload.subarray(split)).toString('utf8')
    );
  } catch {
    return payload.toString('utf8');
  }
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const email = `reports-${randomBytes(3).toString('hex')}@errors.example`;
const password = `Pw${randomBytes(9).toString('base64url')}`;
const requestId = `req-e2e-${randomBytes(6).toString('hex')}`;
const received: Item[] = [];
let receiver: Server;
let portal: ReturnType<typeof spawn>;
let portalUrl = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST') received.push(...itemsOf(Buffer.concat(chunks)));
      // The SDK posts across origins, as it would to a hosted Sentry.
      response.writeHead(200, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverPort = (receiver.address() as AddressInfo).port;

  const port = await freePort();
  portalUrl = `http://localhost:${port}`;
  const dataDir = '.tmp/e2e-error-reports';
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: portalUrl,
    LOG_LEVEL: 'warn',
    SENTRY_BROWSER_DSN: `http://e2epublickey@127.0.0.1:${receiverPort}/7`,
  };
  execFileSync(
    process.execPath,
    [
      'dist/server/cli.js',
      ...['create-event', '--name', 'Error Reports Expo', '--short-name', 'ERX', '--start', '2031-05-01'],
      ...[
        '--end',
        '2031-05-03',
        '--app-url',
        portalUrl,
        '--admin-email',
        email,
        '--admin-password',
        password,
      ],
      ...['--admin-first-name', 'Rhea', '--admin-surname', 'Porter', '--json'],
    ],
    { env, encoding: 'utf8' },
  );
  portal = spawn(process.execPath, ['dist/server/main.js'], { env, stdio: 'ignore' });
  await expect
    .poll(
      () =>
        fetch(`${portalUrl}/api/health`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 60_000 },
    )
    .toBe(true);
});

test.afterAll(async () => {
  portal?.kill('SIGTERM');
  await new Promise((resolve) => receiver?.close(resolve));
});

test('an error reaches the DSN without a password, a session cookie or an e-mail address', async ({
  page,
}) => {
  await page.goto(`${portalUrl}/auth/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await expect(page.getByRole('main')).toBeVisible();
  const session = (await page.context().cookies()).find(
    (cookie) => cookie.httpOnly && cookie.value.length >= 16,
  );
  expect(session, 'the sign-in set a session cookie').toBeDefined();

  // A 5xx answer, with the server's request id in its error body, while the page starts again.
  await page.route('**/api/session', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'internal', message: 'Something went wrong', requestId } }),
    }),
  );
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Something Went Wrong' })).toBeVisible();
  // An uncaught error whose message names the person.
  await page.evaluate((address) => {
    setTimeout(() => {
      throw new Error(`Cannot show the badge of ${address}`);
    });
  }, email);

  const events = () => received.filter((item) => item.type === 'event').map((item) => item.text);
  // The 5xx, tagged with the server's request id: the tag the server's own report carries.
  const tagged = () =>
    events().some(
      (text) => (JSON.parse(text) as { tags?: Record<string, string> }).tags?.requestId === requestId,
    );
  await expect.poll(tagged, { timeout: 30_000 }).toBe(true);
  await expect
    .poll(() => events().some((text) => text.includes('Cannot show the badge of [email]')), {
      timeout: 30_000,
    })
    .toBe(true);
  // On error every session's replay is sent (spec: replaysOnErrorSampleRate 1).
  await expect
    .poll(() => received.some((item) => item.type === 'replay_recording'), { timeout: 30_000 })
    .toBe(true);

  // The recording was read (inflated when the SDK compressed it), so the checks below cover it.
  const recording = received.find((item) => item.type === 'replay_recording')?.text ?? '';
  expect(() => JSON.parse(recording.slice(recording.indexOf('\n') + 1))).not.toThrow();

  const everything = received.map((item) => item.text).join('\n');
  expect(everything).not.toContain(password);
  expect(everything).not.toContain(session?.value);
  expect(everything).not.toContain(email);
  expect(everything).not.toMatch(/[\w.+-]+@[\w-]+\.example/);
});
