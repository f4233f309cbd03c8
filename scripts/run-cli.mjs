// `npm run cli -- <command>`: build the server if needed, then run the CLI with the arguments.
import { spawnSync } from 'node:child_process';
import { ensureBuilt } from './ensure-built.mjs';

ensureBuilt({ client: false });
const r = spawnSync(
  process.execPath,
  ['--enable-source-maps', 'dist/server/cli.js', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(r.status ?? 1);
