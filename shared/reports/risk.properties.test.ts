import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  baseOf,
  RISK_LEVEL_RANGES,
  RISK_LEVELS,
  type RiskFacts,
  riskLevelOf,
  riskParts,
  riskScore,
} from './risk';

const count = fc.integer({ min: 0, max: 400 });
const days = fc.option(fc.integer({ min: -60, max: 1_000 }), { nil: null });
const arbitraryFacts = fc.record<RiskFacts>({
  daysSinceLaunch: days,
  daysSinceLastLogin: fc.option(fc.integer({ min: 0, max: 1_000 }), { nil: null }),
  complete: count,
  submitted: count,
  daysSinceLastSubmission: fc.option(fc.integer({ min: 0, max: 1_000 }), { nil: null }),
  overdue: count,
  dueSoon: count,
  pending: count,
});

describe('risk score properties', () => {
  it('is between 0 and 1, its percent matches, and its level is the level of its percent', () => {
    fc.assert(
      fc.property(arbitraryFacts, (facts) => {
        const r = riskScore(facts);
        expect(r.riskScore).toBeGreaterThanOrEqual(0);
        expect(r.riskScore).toBeLessThanOrEqual(1);
        expect(Math.abs(r.riskPercent - r.riskScore * 100)).toBeLessThanOrEqual(0.06);
        expect(r.riskLevel).toBe(riskLevelOf(r.riskPercent));
        expect(r.reasons.length).toBeGreaterThan(0);
      }),
    );
  });

  it('the parts a report ranks every team by are the score without its reasons', () => {
    fc.assert(
      fc.property(arbitraryFacts, (facts) => {
        const { reasons: _reasons, ...parts } = riskScore(facts);
        expect(riskParts(facts)).toEqual(parts);
      }),
    );
  });

  it('one more overdue task never lowers a score, nor does a pending task becoming overdue', () => {
    fc.assert(
      fc.property(arbitraryFacts, (facts) => {
        const before = riskScore(facts).riskScore;
        expect(riskScore({ ...facts, overdue: facts.overdue + 1 }).riskScore).toBeGreaterThanOrEqual(before);
        if (facts.pending > 0) {
          const later = { ...facts, pending: facts.pending - 1, overdue: facts.overdue + 1 };
          expect(riskScore(later).riskScore).toBeGreaterThanOrEqual(before);
        }
      }),
    );
  });

  it('waiting never lowers a score: a day later, with the same last login', () => {
    fc.assert(
      fc.property(arbitraryFacts, fc.integer({ min: 1, max: 100 }), (facts, wait) => {
        const later: RiskFacts = {
          ...facts,
          daysSinceLaunch: facts.daysSinceLaunch === null ? null : facts.daysSinceLaunch + wait,
          daysSinceLastLogin: facts.daysSinceLastLogin === null ? null : facts.daysSinceLastLogin + wait,
          daysSinceLastSubmission:
            facts.daysSinceLastSubmission === null ? null : facts.daysSinceLastSubmission + wait,
        };
        expect(riskScore(later).riskScore).toBeGreaterThanOrEqual(riskScore(facts).riskScore);
      }),
    );
  });

  it('keeps each state within its caps and bumps, and never logged in >= no activity >= active', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -60, max: 1_000 }),
        fc.integer({ min: 0, max: 1_000 }),
        (launch, quiet) => {
          const at = (daysSinceLastLogin: number | null, complete: number) =>
            baseOf({
              daysSinceLaunch: launch,
              daysSinceLastLogin,
              complete,
              submitted: 0,
              daysSinceLastSubmission: null,
              overdue: 0,
              dueSoon: 0,
              pending: 0,
            });
          const never = at(null, 0);
          const idle = at(quiet, 0);
          const active = at(quiet, 1);
          // The caps bound the weekly growth; the inactivity bump (at most 0.3) comes on top, at most 1.
          expect(never).toBeGreaterThanOrEqual(0.15);
          expect(never).toBeLessThanOrEqual(1);
          expect(idle).toBeGreaterThanOrEqual(0.15);
          expect(idle).toBeLessThanOrEqual(0.5 + 0.3);
          expect(active).toBeGreaterThanOrEqual(0);
          expect(active).toBeLessThanOrEqual(0.5 + 0.3);
          if (quiet <= 14) {
            expect(idle).toBeLessThanOrEqual(0.5);
            expect(active).toBeLessThanOrEqual(0.5);
          }
          if (launch <= 14) expect(never).toBeLessThanOrEqual(0.15);
          expect(never).toBeGreaterThanOrEqual(idle);
          expect(idle).toBeGreaterThanOrEqual(active);
        },
      ),
    );
  });

  it('a submitted submission never raises a score, and a more recent one never raises it either', () => {
    fc.assert(
      fc.property(arbitraryFacts, fc.integer({ min: 0, max: 1_000 }), (facts, days) => {
        const before = riskScore(facts).riskScore;
        const oneMore: RiskFacts = {
          ...facts,
          submitted: facts.submitted + 1,
          daysSinceLastSubmission: Math.min(days, facts.daysSinceLastSubmission ?? days),
        };
        expect(riskScore(oneMore).riskScore).toBeLessThanOrEqual(before);
      }),
    );
  });

  it('the levels split 0..100 without gap or overlap, in order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000 }), (tenths) => {
        const percent = tenths / 10;
        const level = riskLevelOf(percent);
        const index = RISK_LEVELS.indexOf(level);
        expect(percent).toBeLessThanOrEqual(RISK_LEVEL_RANGES[level]);
        if (index > 0) expect(percent).toBeGreaterThan(RISK_LEVEL_RANGES[RISK_LEVELS[index - 1]]);
      }),
    );
  });
});
