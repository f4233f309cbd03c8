/**
 * Submission PDF (issue 14): drawing one submission of the 300-field, 50-rule form as a PDF with
 * pdfkit (the questions shown for its answers, their answers, totals), and the stand build form's
 * (pages, uploads as file names, rigging). Server work per download, without the database reads.
 * `npx tsx bench/submission-pdf.bench.ts` (BENCH_RUNS=20 by default; the first run warms up and is dropped)
 */
import { cpus } from 'node:os';
import { answersForPdf, drawSubmissionPdf } from '../server/modules/submissions/pdf/service';
import { largeFormFixture, standBuildFixture } from '../shared/forms/fixtures';
import { median, percentile } from './lib';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const TARGET_MS = 200;

async function measure(name: string, fixture: typeof largeFormFixture): Promise<number> {
  const times: number[] = [];
  let bytes = 0;
  let lines = 0;
  for (let run = 0; run <= RUNS; run++) {
    const started = performance.now();
    const answers = answersForPdf(fixture.definition, fixture.submission.values, fixture.client, {
      locale: 'en-GB',
      currency: 'GBP',
    });
    const pdf = await drawSubmissionPdf({
      logo: null,
      ...answers,
      title: fixture.definition.form.title,
      facts: [
        { label: 'Team', text: fixture.client?.teamName ?? '' },
        { label: 'Submitted at', text: '10/05/2027 14:32 (Europe/London)' },
      ],
      fileDate: '2027-05-10',
    });
    const ms = performance.now() - started;
    if (run > 0) times.push(ms);
    bytes = pdf.length;
    lines = answers.lines.length;
  }
  const med = median(times);
  console.log(
    `${name}: ${lines} answers, ${(bytes / 1e3).toFixed(0)} KB; median ${med.toFixed(1)} ms, ` +
      `p90 ${percentile(times, 90).toFixed(1)} ms over ${times.length} runs (target < ${TARGET_MS} ms)`,
  );
  return med;
}

async function main() {
  console.log(`${cpus().length} CPU(s), Node ${process.version}`);
  const large = await measure('300-field form', largeFormFixture);
  await measure('stand build form', standBuildFixture);
  if (large >= TARGET_MS) {
    console.error(`FAIL: median ${large.toFixed(0)} ms is over ${TARGET_MS} ms`);
    process.exit(1);
  }
}

await main();
