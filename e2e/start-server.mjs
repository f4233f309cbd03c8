// Starts one built server for the journeys on a new data dir. "seeded" first makes an event and
// accounts through the CLI (passwords generated here, written to .tmp/e2e-seeded.json for the tests).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync, writeFileSync } from 'node:fs';

const [kind, port] = process.argv.slice(2);
const dataDir = `.tmp/e2e-${kind}`;
rmSync(dataDir, { recursive: true, force: true });
mkdirSync('.tmp', { recursive: true });
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: port,
  PUBLIC_URL: `http://localhost:${port}`,
  LOG_LEVEL: 'warn',
};

const cli = (...args) =>
  JSON.parse(
    execFileSync(process.execPath, ['dist/server/cli.js', ...args, '--json'], { env, encoding: 'utf8' }),
  );

if (kind === 'seeded') {
  const password = () => `Pw${randomBytes(9).toString('base64url')}`;
  const admin = { email: 'olivia.bennett@harbourside.example', password: password() };
  const { eventId } = cli(
    'create-event',
    '--name',
    'Harbourside Food & Drink Expo 2027',
    '--short-name',
    'Harbourside Expo',
    '--start',
    '2027-05-10',
    '--end',
    '2027-05-12',
    '--app-url',
    env.PUBLIC_URL,
    '--admin-email',
    admin.email,
    '--admin-password',
    admin.password,
    '--admin-first-name',
    'Olivia',
    '--admin-surname',
    'Bennett',
  );
  const second = cli(
    'create-event',
    '--name',
    'Northern Trade Show 2027',
    '--short-name',
    'Northern Trade',
    '--start',
    '2027-09-01',
    '--end',
    '2027-09-03',
    '--app-url',
    env.PUBLIC_URL,
    '--admin-email',
    'ops@northern.example',
    '--admin-password',
    password(),
  );
  const users = {};
  for (const [key, first, surname, permissions] of [
    ['resetter', 'Tom', 'Whitfield', 'user'],
    ['mover', 'Sofia', 'Marchetti', 'user'],
    ['moderator', 'Marcus', 'Adeyemi', 'moderator'],
    ['viewer', 'Priya', 'Raman', 'reportViewer'],
  ]) {
    const email = `${first}.${surname}@harbourside.example`.toLowerCase();
    const pw = password();
    cli(
      'create-user',
      '--event',
      eventId,
      '--email',
      email,
      '--permissions',
      permissions,
      '--password',
      pw,
      '--first-name',
      first,
      '--surname',
      surname,
    );
    users[key] = { email, password: pw };
  }
  // The admin also belongs to a second event, so the journeys can switch events.
  cli('create-user', '--event', second.eventId, '--email', admin.email, '--permissions', 'moderator');
  writeFileSync(
    '.tmp/e2e-seeded.json',
    JSON.stringify({ eventId, secondEventId: second.eventId, admin, users }, null, 2),
  );
}

// The server's console is where emailed links appear without SMTP; the journeys read this file.
const log = createWriteStream(`.tmp/e2e-${kind}.log`);
const child = spawn(process.execPath, ['dist/server/main.js'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
child.stdout.pipe(log);
child.stderr.pipe(log);
child.stdout.pipe(process.stdout);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
