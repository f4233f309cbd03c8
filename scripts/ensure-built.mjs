// Builds the client and the server when their sources changed since the last build.
import { spawnSync } from 'node:child_process';
import { CLIENT_SOURCES, isStale, SERVER_SOURCES } from './freshness.mjs';

function run(script, label) {
  console.error(`Building the ${label}...`);
  const r = spawnSync('npm', ['run', '--silent', script], { stdio: ['inherit', process.stderr, 'inherit'] });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

export function ensureBuilt({ client = true } = {}) {
  if (client && isStale('dist/client/index.html', CLIENT_SOURCES)) run('build:client', 'client');
  if (isStale('dist/server/main.js', SERVER_SOURCES) || isStale('dist/server/cli.js', SERVER_SOURCES))
    run('build:server', 'server');
}
