// Runs every benchmark in bench/ (files named *.bench.ts) one after another, or only those whose
// name contains the first argument: `npm run bench -- forms`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const filter = process.argv[2] ?? '';
const files = readdirSync('bench')
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n=== bench/${file}`);
  const run = spawnSync('npx', ['tsx', `bench/${file}`], { stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
