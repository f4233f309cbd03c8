import { renderHook } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTotals, evaluateVisibility } from '../../../../shared/forms';
import { allFixtures, largeFormFixture } from '../../../../shared/forms/fixtures';
import { pickAnswers, totalsReads, useAnswersRead, visibilityReads } from './answerReads';

// The renderer asks the engine again only when an answer the engine reads has changed. That is
// sound only if the engine, given just those answers, decides exactly what it decides given all.

/** A fixture's complete answers with any of them dropped, swapped for another field's, or odd. */
const answersFor = (values: Record<string, unknown>) => {
  const ids = Object.keys(values);
  const pool = Object.values(values);
  return fc
    .array(
      fc.oneof(
        fc.constant('keep'),
        fc.constant('drop'),
        fc.nat({ max: Math.max(pool.length - 1, 0) }),
        fc.jsonValue({ maxDepth: 2 }).map((odd) => ({ odd })),
      ),
      { minLength: ids.length, maxLength: ids.length },
    )
    .map((changes) => {
      const answers: Record<string, unknown> = {};
      ids.forEach((id, index) => {
        const change = changes[index];
        if (change === 'drop') return;
        if (change === 'keep') answers[id] = values[id];
        else if (typeof change === 'number') answers[id] = pool[change];
        else answers[id] = change?.odd;
      });
      return answers;
    });
};

describe('what the engine reads of the answers', () => {
  it.each(
    allFixtures.map((fixture) => [fixture.name, fixture] as const),
  )('%s: visibility and totals from the answers read equal those from all answers', (_name, fixture) => {
    const { definition } = fixture;
    const context = { client: fixture.client };
    const forVisibility = visibilityReads(definition);
    const forTotals = totalsReads(definition);
    fc.assert(
      fc.property(answersFor(fixture.submission.values), (answers) => {
        const visibility = evaluateVisibility(definition, answers, context);
        expect(evaluateVisibility(definition, pickAnswers(answers, forVisibility), context)).toEqual(
          visibility,
        );
        expect(computeTotals(definition, pickAnswers(answers, forTotals), visibility)).toEqual(
          computeTotals(definition, answers, visibility),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('leaves out the fields no rule reads (most of a large form)', () => {
    const reads = visibilityReads(largeFormFixture.definition);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.length).toBeLessThan(largeFormFixture.definition.form.fieldIds.length / 2);
  });

  it('keeps the same object while only unread answers change, and a new one when a read one does', () => {
    const ids = ['read'];
    const { result, rerender } = renderHook(({ answers }) => useAnswersRead(answers, ids), {
      initialProps: { answers: { read: 'a', other: 'x' } as Record<string, unknown> },
    });
    const first = result.current;
    expect(first).toEqual({ read: 'a' });
    rerender({ answers: { read: 'a', other: 'xy' } });
    expect(result.current).toBe(first);
    rerender({ answers: { read: 'b', other: 'xy' } });
    expect(result.current).not.toBe(first);
    expect(result.current).toEqual({ read: 'b' });
    rerender({ answers: { other: 'xy' } });
    expect(result.current).toEqual({});
  });
});
