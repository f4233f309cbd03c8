// Runs the browser journeys and fails unless they really ran: at least one test, none skipped,
// none failed. Prints the closing line 'N passed, N failed'.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const report = '.tmp/e2e-report.json';
rmSync(report, { force: true });
const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: process.env,
  shell: false,
});
if (!existsSync(report)) {
  console.error('The browser journeys produced no report: they did not run.');
  process.exit(1);
}
const { stats } = JSON.parse(readFileSync(report, 'utf8'));
const passed = stats.expected ?? 0;
const failed = (stats.unexpected ?? 0) + (stats.flaky ?? 0);
const skipped = stats.skipped ?? 0;
console.log(`\nbrowser journeys: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (run.status !== 0 || failed > 0 || skipped > 0 || passed === 0) {
  if (passed === 0) console.error('No browser journey ran.');
  process.exit(1);
}
