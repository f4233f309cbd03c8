import { evaluateVisibility, validateSubmission } from '../../shared/forms';
import { largeFieldId, largeFormFixture } from '../../shared/forms/fixtures';

// The two measurements of the forms engine benchmark, written once and run both in Node and,
// bundled by esbuild, inside Chromium. Only performance.now() is used: it exists in both.

export interface Timing {
  name: string;
  runs: number;
  medianMs: number;
  p95Ms: number;
}

function summarise(name: string, samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
  return { name, runs: samples.length, medianMs: at(0.5), p95Ms: at(0.95) };
}

const fixture = largeFormFixture;
const context = { client: fixture.client };
const baseValues = fixture.submission.values;

/** The logic owners of the form: changing one of them is the change that matters most. */
const owners = Object.keys(fixture.definition.form.logicMap);

/** Full visibility evaluation after one changed answer (a logic owner's checkbox or dropdown flips). */
export function measureVisibility(runs: number): Timing {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const changed = owners[run % owners.length] ?? largeFieldId(1);
    const field = fixture.definition.fields[changed];
    const flipped = field?.type === 'dropdown' ? [run % 2 ? 'opt-a' : 'opt-c'] : [run % 2 ? 'yes' : 'no'];
    const values = { ...baseValues, [changed]: flipped };
    const start = performance.now();
    evaluateVisibility(fixture.definition, values, context);
    samples.push(performance.now() - start);
  }
  return summarise('visibility after one change', samples);
}

/**
 * The same, right after the organiser edited the form: a new definition, so the engine indexes the
 * form again before evaluating (the first evaluation a person's browser makes).
 */
export function measureVisibilityAfterEdit(runs: number): Timing {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const edited = { ...fixture.definition, form: { ...fixture.definition.form } };
    const start = performance.now();
    evaluateVisibility(edited, baseValues, context);
    samples.push(performance.now() - start);
  }
  return summarise('visibility of a just-edited form', samples);
}

/** Validation of the complete submission (every answer read, checked and kept or dropped). */
export function measureValidation(runs: number): Timing {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    const result = validateSubmission(fixture.definition, baseValues, { context });
    samples.push(performance.now() - start);
    if (!result.isValid)
      throw new Error(`The benchmark submission is invalid: ${result.problems[0]?.message}`);
  }
  return summarise('validation of a complete submission', samples);
}

/** Warm-up first, as a person's browser would have run the engine already while they typed. */
export function measureAll(): Timing[] {
  measureVisibility(300);
  measureVisibilityAfterEdit(100);
  measureValidation(100);
  return [measureVisibility(2000), measureVisibilityAfterEdit(1000), measureValidation(1000)];
}
