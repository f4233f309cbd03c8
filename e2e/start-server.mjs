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
  // The webhooks journey delivers to a receiver it starts on this machine (an on-premises setup).
  ...(kind === 'seeded' ? { WEBHOOK_ALLOW_PRIVATE: 'true' } : {}),
};
// Sign-in by provider: the journey starts a test OpenID provider on the port after this server's.
const providerJourney = {
  appUrl: `http://127.0.0.1:${port}`,
  issuer: `http://127.0.0.1:${Number(port) + 1}`,
  clientId: 'portal-e2e',
  clientSecret: randomBytes(18).toString('base64url'),
};
if (kind === 'seeded') {
  env.OIDC_PROVIDERS = JSON.stringify([
    {
      id: 'pier-sso',
      name: 'Pier SSO',
      issuer: providerJourney.issuer,
      clientId: providerJourney.clientId,
      clientSecret: providerJourney.clientSecret,
    },
  ]);
}

const cli = (...args) =>
  JSON.parse(
    execFileSync(process.execPath, ['dist/server/cli.js', ...args, '--json'], { env, encoding: 'utf8' }),
  );

const password = () => `Pw${randomBytes(9).toString('base64url')}`;

/** An event made through the CLI, with its admin (who signs in with a generated password). */
function createEvent({ name, shortName, start, end, admin: [email, firstName, surname], appUrl }) {
  const admin = { email, password: password() };
  const { eventId } = cli(
    ...['create-event', '--name', name, '--short-name', shortName, '--start', start, '--end', end],
    ...['--app-url', appUrl ?? env.PUBLIC_URL, '--admin-email', email, '--admin-password', admin.password],
    ...['--admin-first-name', firstName, '--admin-surname', surname],
  );
  return { eventId, admin };
}

/** People of an event who can sign in, by key: [key, first name, surname, permissions?]. */
function createPeople(eventId, domain, people) {
  const made = {};
  for (const [key, firstName, surname, permissions] of people) {
    const email = `${firstName}.${surname}@${domain}`.toLowerCase();
    const pw = password();
    cli(
      ...['create-user', '--event', eventId, '--email', email, '--password', pw],
      ...(permissions ? ['--permissions', permissions] : []),
      ...['--first-name', firstName, '--surname', surname],
    );
    made[key] = { email, password: pw, firstName, surname };
  }
  return made;
}

const writeJson = (file, data) => writeFileSync(`.tmp/${file}`, JSON.stringify(data, null, 2));

if (kind === 'seeded') {
  const harbourside = createEvent({
    name: 'Harbourside Food & Drink Expo 2027',
    shortName: 'Harbourside Expo',
    start: '2027-05-10',
    end: '2027-05-12',
    admin: ['olivia.bennett@harbourside.example', 'Olivia', 'Bennett'],
  });
  const northern = createEvent({
    name: 'Northern Trade Show 2027',
    shortName: 'Northern Trade',
    start: '2027-09-01',
    end: '2027-09-03',
    admin: ['ops@northern.example', 'Nora', 'Ops'],
  });
  // The people journeys (teams.spec.ts) act as Northern's own admin: bulk delete and user deletion.
  writeJson('e2e-people.json', northern);
  const users = createPeople(harbourside.eventId, 'harbourside.example', [
    ['resetter', 'Tom', 'Whitfield', 'user'],
    ['mover', 'Sofia', 'Marchetti', 'user'],
    ['moderator', 'Marcus', 'Adeyemi', 'moderator'],
    ['viewer', 'Priya', 'Raman', 'reportViewer'],
  ]);
  // The admin also belongs to a second event, so the journeys can switch events.
  cli(
    ...['create-user', '--event', northern.eventId, '--email', harbourside.admin.email],
    ...['--permissions', 'moderator'],
  );
  // Each journey below gets an event of its own: Harbourside's people (admin-users.spec.ts counts
  // exactly five) and Northern's teams (teams.spec.ts expects none at first) are counted elsewhere,
  // and nobody else's sidebar or team types change.
  // Suppliers: team types and teams made by the journey itself, through the UI.
  writeJson(
    'e2e-suppliers.json',
    createEvent({
      name: 'Coastal Build Week 2027',
      shortName: 'Coastal Build',
      start: '2027-10-04',
      end: '2027-10-06',
      admin: ['nia.jones@coastal-build.example', 'Nia', 'Jones'],
    }),
  );
  // Portal and downloads: they rearrange the sidebar and need members of two team types.
  const lakeside = createEvent({
    name: 'Lakeside Craft Fair 2027',
    shortName: 'Lakeside Fair',
    start: '2027-11-08',
    end: '2027-11-10',
    admin: ['owen.hughes@lakeside-fair.example', 'Owen', 'Hughes'],
  });
  const lakesideMembers = createPeople(lakeside.eventId, 'lakeside-fair.example', [
    ['maker', 'Lena', 'Fischer'],
    ['trader', 'Sam', 'Osei'],
  ]);
  writeJson('e2e-portal.json', { ...lakeside, members: lakesideMembers });
  // Task comments: the journey makes a team with an owner and a member through the UI.
  const moorland = createEvent({
    name: 'Moorland Food Fair 2027',
    shortName: 'Moorland Fair',
    start: '2027-08-14',
    end: '2027-08-15',
    admin: ['ellis.grant@moorland-fair.example', 'Ellis', 'Grant'],
  });
  writeJson('e2e-task-comments.json', { eventId: moorland.eventId, organiser: moorland.admin });
  // Team import: bulk teams and owners, and the import is admin only (spec).
  writeJson(
    'e2e-team-import.json',
    createEvent({
      name: 'Valley Agricultural Show 2027',
      shortName: 'Valley Show',
      start: '2027-07-20',
      end: '2027-07-22',
      admin: ['rhian.price@valley-show.example', 'Rhian', 'Price'],
    }),
  );
  // Content: a page restricted to one team type, read by a member of that type and of another.
  const riverside = createEvent({
    name: 'Riverside Makers Expo 2027',
    shortName: 'Riverside Expo',
    start: '2027-06-14',
    end: '2027-06-16',
    admin: ['ada.okafor@riverside-expo.example', 'Ada', 'Okafor'],
  });
  const riversideMembers = createPeople(riverside.eventId, 'riverside-expo.example', [
    ['exhibitor', 'Iris', 'Novak'],
    ['sponsor', 'Felix', 'Moreau'],
  ]);
  writeJson('e2e-content.json', { ...riverside, members: riversideMembers });
  // Submissions: a form made through the API, filled in by a team, read by the organiser and a guest.
  const quayside = createEvent({
    name: 'Quayside Food Market 2027',
    shortName: 'Quayside Market',
    start: '2027-04-22',
    end: '2027-04-24',
    admin: ['gwen.lloyd@quayside-market.example', 'Gwen', 'Lloyd'],
  });
  const quaysideMembers = createPeople(quayside.eventId, 'quayside-market.example', [
    ['owner', 'Ravi', 'Shah'],
  ]);
  writeJson('e2e-submissions.json', { ...quayside, members: quaysideMembers });
  // Submission uploads: a team member uploads a file in a form; the organiser opens it and the PDF.
  const harbour = createEvent({
    name: 'Harbour Trade Fair 2027',
    shortName: 'Harbour Fair',
    start: '2027-05-11',
    end: '2027-05-13',
    admin: ['nia.evans@harbour-fair.example', 'Nia', 'Evans'],
  });
  const harbourMembers = createPeople(harbour.eventId, 'harbour-fair.example', [['owner', 'Tomas', 'Berg']]);
  writeJson('e2e-submission-uploads.json', { ...harbour, members: harbourMembers });
  // Reports: the demo event (every risk level and login state), read by its Report Viewer.
  writeJson('e2e-reports.json', cli('seed', '--demo'));
  // Time table: an organiser builds the programme; a member on a phone reads it and subscribes.
  const meadow = createEvent({
    name: 'Meadow Garden Show 2027',
    shortName: 'Meadow Show',
    start: '2027-05-10',
    end: '2027-05-12',
    admin: ['gwen.harris@meadow-show.example', 'Gwen', 'Harris'],
  });
  const meadowMembers = createPeople(meadow.eventId, 'meadow-show.example', [['grower', 'Rowan', 'Ellis']]);
  writeJson('e2e-timetable.json', { ...meadow, members: meadowMembers });
  // Time table import: a moderator imports the programme from a spreadsheet.
  const orchard = createEvent({
    name: 'Orchard Fair 2027',
    shortName: 'Orchard Fair',
    start: '2027-09-14',
    end: '2027-09-16',
    admin: ['iwan.hughes@orchard-fair.example', 'Iwan', 'Hughes'],
  });
  const orchardPeople = createPeople(orchard.eventId, 'orchard-fair.example', [
    ['moderator', 'Nia', 'Lloyd', 'moderator'],
  ]);
  writeJson('e2e-timetable-import.json', { ...orchard, ...orchardPeople });
  // Notifications: team types and teams made by the journey; a grower and a florist read.
  const upland = createEvent({
    name: 'Upland Garden Show 2027',
    shortName: 'Upland Show',
    start: '2027-04-22',
    end: '2027-04-24',
    admin: ['gwen.ellis@upland-show.example', 'Gwen', 'Ellis'],
  });
  const uplandMembers = createPeople(upland.eventId, 'upland-show.example', [
    ['grower', 'Hana', 'Sato'],
    ['florist', 'Luca', 'Bianchi'],
  ]);
  writeJson('e2e-notifications.json', { ...upland, members: uplandMembers });
  // The event stream: an organiser publishes and a team member's bell rises without a reload.
  const fenland = createEvent({
    name: 'Fenland Craft Fair 2027',
    shortName: 'Fenland Fair',
    start: '2027-06-03',
    end: '2027-06-05',
    admin: ['iris.hale@fenland-fair.example', 'Iris', 'Hale'],
  });
  const fenlandMembers = createPeople(fenland.eventId, 'fenland-fair.example', [
    ['potter', 'Tomas', 'Reyes'],
  ]);
  writeJson('e2e-live.json', { ...fenland, members: fenlandMembers });
  // Live screens: a team completes a task and the organiser's status table changes without a reload.
  const saltmarsh = createEvent({
    name: 'Saltmarsh Makers Market 2027',
    shortName: 'Saltmarsh Market',
    start: '2027-07-08',
    end: '2027-07-10',
    admin: ['ada.moss@saltmarsh-market.example', 'Ada', 'Moss'],
  });
  const saltmarshMembers = createPeople(saltmarsh.eventId, 'saltmarsh-market.example', [
    ['weaver', 'Kofi', 'Mensah'],
  ]);
  writeJson('e2e-live-screens.json', { ...saltmarsh, members: saltmarshMembers });
  // Form tasks: an organiser links a task to a form; a team opens it from its tasks and submits.
  const estuary = createEvent({
    name: 'Estuary Seafood Festival 2027',
    shortName: 'Estuary Festival',
    start: '2027-06-04',
    end: '2027-06-06',
    admin: ['tomos.reed@estuary-festival.example', 'Tomos', 'Reed'],
  });
  const estuaryMembers = createPeople(estuary.eventId, 'estuary-festival.example', [
    ['owner', 'Mared', 'Evans'],
  ]);
  writeJson('e2e-form-tasks.json', { ...estuary, members: estuaryMembers });
  // Sign-in by provider: an event at an address of its own (127.0.0.1, not localhost), so its
  // sign-in screen is its alone; a member the provider will vouch for.
  const pier = createEvent({
    name: 'Pier Boat Show 2027',
    shortName: 'Pier Show',
    start: '2027-06-18',
    end: '2027-06-20',
    admin: ['cerys.morgan@pier-show.example', 'Cerys', 'Morgan'],
    appUrl: providerJourney.appUrl,
  });
  const pierMembers = createPeople(pier.eventId, 'pier-show.example', [['skipper', 'Idris', 'Vaughan']]);
  writeJson('e2e-provider.json', { ...pier, members: pierMembers, ...providerJourney });
  // Member areas: the organiser makes a team of two people who can already sign in; the owner
  // closes an area to the member.
  const willow = createEvent({
    name: 'Willow Craft Market 2027',
    shortName: 'Willow Market',
    start: '2027-07-02',
    end: '2027-07-04',
    admin: ['mari.jenkins@willow-market.example', 'Mari', 'Jenkins'],
  });
  const willowMembers = createPeople(willow.eventId, 'willow-market.example', [
    ['owner', 'Bryn', 'Talbot'],
    ['member', 'Elin', 'Rhys'],
  ]);
  writeJson('e2e-member-areas.json', { ...willow, members: willowMembers });
  // Next edition: an organiser copies the event into next year's, then opens the copy.
  const cliffside = createEvent({
    name: 'Cliffside Food Market 2027',
    shortName: 'Cliffside Market',
    start: '2027-07-09',
    end: '2027-07-11',
    admin: ['alys.rowe@cliffside-market.example', 'Alys', 'Rowe'],
  });
  writeJson('e2e-clone.json', cliffside);
  writeJson('e2e-seeded.json', {
    eventId: harbourside.eventId,
    secondEventId: northern.eventId,
    admin: harbourside.admin,
    users,
  });
}

// The server's console is where emailed links appear without SMTP; the journeys read this file.
const log = createWriteStream(`.tmp/e2e-${kind}.log`);
const child = spawn(process.execPath, ['dist/server/main.js'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
child.stdout.pipe(log);
child.stderr.pipe(log);
child.stdout.pipe(process.stdout);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
