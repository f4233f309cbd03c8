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
  const northernAdmin = { email: 'ops@northern.example', password: password() };
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
    northernAdmin.email,
    '--admin-password',
    northernAdmin.password,
    '--admin-first-name',
    'Nora',
    '--admin-surname',
    'Ops',
  );
  // The people journeys (teams.spec.ts) act as Northern's own admin: bulk delete and user deletion.
  writeFileSync(
    '.tmp/e2e-people.json',
    JSON.stringify({ eventId: second.eventId, admin: northernAdmin }, null, 2),
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
  // The suppliers journey needs team types and teams of its own; Harbourside's people and
  // Northern's teams are counted by other journeys, so it gets an event nobody else opens (its
  // members are made by the journey itself, through the UI).
  const coastalAdmin = { email: 'nia.jones@coastal-build.example', password: password() };
  const coastal = cli(
    'create-event',
    '--name',
    'Coastal Build Week 2027',
    '--short-name',
    'Coastal Build',
    '--start',
    '2027-10-04',
    '--end',
    '2027-10-06',
    '--app-url',
    env.PUBLIC_URL,
    '--admin-email',
    coastalAdmin.email,
    '--admin-password',
    coastalAdmin.password,
    '--admin-first-name',
    'Nia',
    '--admin-surname',
    'Jones',
  );
  writeFileSync(
    '.tmp/e2e-suppliers.json',
    JSON.stringify({ eventId: coastal.eventId, admin: coastalAdmin }, null, 2),
  );
  // The portal and downloads journeys rearrange the sidebar and need teams of two types, so they
  // get an event of their own too (nobody else's sidebar or people counts change).
  const lakesideAdmin = { email: 'owen.hughes@lakeside-fair.example', password: password() };
  const lakeside = cli(
    'create-event',
    '--name',
    'Lakeside Craft Fair 2027',
    '--short-name',
    'Lakeside Fair',
    '--start',
    '2027-11-08',
    '--end',
    '2027-11-10',
    '--app-url',
    env.PUBLIC_URL,
    '--admin-email',
    lakesideAdmin.email,
    '--admin-password',
    lakesideAdmin.password,
    '--admin-first-name',
    'Owen',
    '--admin-surname',
    'Hughes',
  );
  const lakesideMembers = {};
  for (const [key, first, surname] of [
    ['maker', 'Lena', 'Fischer'],
    ['trader', 'Sam', 'Osei'],
  ]) {
    const email = `${first}.${surname}@lakeside-fair.example`.toLowerCase();
    const pw = password();
    cli(
      'create-user',
      '--event',
      lakeside.eventId,
      '--email',
      email,
      '--password',
      pw,
      '--first-name',
      first,
      '--surname',
      surname,
    );
    lakesideMembers[key] = { email, password: pw, firstName: first, surname };
  }
  writeFileSync(
    '.tmp/e2e-portal.json',
    JSON.stringify({ eventId: lakeside.eventId, admin: lakesideAdmin, members: lakesideMembers }, null, 2),
  );
  // The task comments journey makes a team with an owner and a member (through the UI: one CLI call
  // fewer each). Northern's teams are counted by teams.spec.ts (it expects none at first), so it too
  // gets an event of its own.
  const moorlandOrganiser = { email: 'ellis.grant@moorland-fair.example', password: password() };
  const moorland = cli(
    'create-event',
    '--name',
    'Moorland Food Fair 2027',
    '--short-name',
    'Moorland Fair',
    '--start',
    '2027-08-14',
    '--end',
    '2027-08-15',
    '--app-url',
    env.PUBLIC_URL,
    '--admin-email',
    moorlandOrganiser.email,
    '--admin-password',
    moorlandOrganiser.password,
    '--admin-first-name',
    'Ellis',
    '--admin-surname',
    'Grant',
  );
  writeFileSync(
    '.tmp/e2e-task-comments.json',
    JSON.stringify({ eventId: moorland.eventId, organiser: moorlandOrganiser }, null, 2),
  );
  // The team import journey creates teams and owners in bulk, and the import is admin only (spec);
  // Northern's teams are counted by teams.spec.ts, so it too gets an event of its own and its admin.
  const importAdmin = { email: 'rhian.price@valley-show.example', password: password() };
  const valley = cli(
    'create-event',
    '--name',
    'Valley Agricultural Show 2027',
    '--short-name',
    'Valley Show',
    '--start',
    '2027-07-20',
    '--end',
    '2027-07-22',
    '--app-url',
    env.PUBLIC_URL,
    '--admin-email',
    importAdmin.email,
    '--admin-password',
    importAdmin.password,
    '--admin-first-name',
    'Rhian',
    '--admin-surname',
    'Price',
  );
  writeFileSync(
    '.tmp/e2e-team-import.json',
    JSON.stringify({ eventId: valley.eventId, admin: importAdmin }, null, 2),
  );
  // The content journey restricts a page to one team type and reads it as a member of that type
  // and of another: teams of two types, in an event of its own (nobody else's counts change).
  const riversideAdmin = { email: 'ada.okafor@riverside-expo.example', password: password() };
  const riverside = cli(
    'create-event',
    '--name',
    'Riverside Makers Expo 2027',
    '--short-name',
    'Riverside Expo',
    '--start',
    '2027-06-14',
    '--end',
    '2027-06-16',
    '--app-url',
    env.PUBLIC_URL,
    '--admin-email',
    riversideAdmin.email,
    '--admin-password',
    riversideAdmin.password,
    '--admin-first-name',
    'Ada',
    '--admin-surname',
    'Okafor',
  );
  const riversideMembers = {};
  for (const [key, first, surname] of [
    ['exhibitor', 'Iris', 'Novak'],
    ['sponsor', 'Felix', 'Moreau'],
  ]) {
    const email = `${first}.${surname}@riverside-expo.example`.toLowerCase();
    const pw = password();
    cli(
      'create-user',
      '--event',
      riverside.eventId,
      '--email',
      email,
      '--password',
      pw,
      '--first-name',
      first,
      '--surname',
      surname,
    );
    riversideMembers[key] = { email, password: pw, firstName: first, surname };
  }
  writeFileSync(
    '.tmp/e2e-content.json',
    JSON.stringify({ eventId: riverside.eventId, admin: riversideAdmin, members: riversideMembers }, null, 2),
  );
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
