import { describe, expect, it } from 'vitest';
import {
  baseOf,
  daysSinceActivity,
  inactivityBump,
  type RiskFacts,
  riskLevelOf,
  riskScore,
  taskRiskOf,
  taskScaleOf,
  weeksPastGrace,
} from './risk';

const none = { complete: 0, submitted: 0, daysSinceLastSubmission: null, overdue: 0, dueSoon: 0, pending: 0 };
const facts = (over: Partial<RiskFacts>): RiskFacts => ({
  daysSinceLaunch: null,
  daysSinceLastLogin: null,
  ...none,
  ...over,
});

describe('risk levels (spec: up to 25 low, up to 60 medium, up to 85 high, otherwise critical)', () => {
  it.each([
    [0, 'low'],
    [25, 'low'],
    [25.1, 'medium'],
    [60, 'medium'],
    [60.1, 'high'],
    [85, 'high'],
    [85.1, 'critical'],
    [100, 'critical'],
  ] as const)('%s%% is %s', (percent, level) => {
    expect(riskLevelOf(percent)).toBe(level);
  });
});

describe('without a launch date the base is 1, 0.75 or 0.5 (spec)', () => {
  it('never logged in: base 1, so 50% with no tasks and 100% with ten overdue', () => {
    expect(baseOf(facts({}))).toBe(1);
    expect(riskScore(facts({})).riskPercent).toBe(50);
    const late = riskScore(facts({ overdue: 10 }));
    expect(late).toMatchObject({ riskScore: 1, riskPercent: 100, riskLevel: 'critical' });
    expect(late.reasons).toEqual(['never logged in', '10 of 10 tasks overdue', 'no launch date set']);
  });

  it('logged in with nothing complete: base 0.75 (37.5%, medium)', () => {
    const result = riskScore(facts({ daysSinceLastLogin: 2, pending: 3 }));
    expect(result.base).toBe(0.75);
    expect(result).toMatchObject({ riskPercent: 37.5, riskLevel: 'medium' });
    expect(result.reasons).toContain('no task complete or form submitted yet');
  });

  it('logged in with something complete: base 0.5 (25%, low)', () => {
    expect(riskScore(facts({ daysSinceLastLogin: 1, complete: 1, pending: 9 }))).toMatchObject({
      base: 0.5,
      riskPercent: 25,
      riskLevel: 'low',
    });
  });
});

describe('with a launch date', () => {
  it('grace period 14 days, then 0.05 a week', () => {
    expect(weeksPastGrace(-5)).toBe(0);
    expect(weeksPastGrace(14)).toBe(0);
    expect(weeksPastGrace(20)).toBe(0);
    expect(weeksPastGrace(21)).toBe(1);
    expect(weeksPastGrace(35)).toBe(3);
    // Active, logged in today: the base is the weekly growth alone.
    expect(baseOf(facts({ daysSinceLaunch: 13, daysSinceLastLogin: 0, complete: 1 }))).toBe(0);
    expect(baseOf(facts({ daysSinceLaunch: 35, daysSinceLastLogin: 0, complete: 1 }))).toBe(0.15);
  });

  it('inactivity bumps: over 14 days +0.1, over 30 +0.2, over 60 +0.3', () => {
    expect([14, 15, 30, 31, 60, 61, 400].map(inactivityBump)).toEqual([0, 0.1, 0.1, 0.2, 0.2, 0.3, 0.3]);
    // Launched 10 days ago (inside the grace period): the bump alone moves the base.
    expect(baseOf(facts({ daysSinceLaunch: 20, daysSinceLastLogin: 15, complete: 1 }))).toBe(0.1);
  });

  it('a login before launch is not held against the team', () => {
    expect(baseOf(facts({ daysSinceLaunch: 3, daysSinceLastLogin: 90, complete: 1 }))).toBe(0);
  });

  it('caps the weekly growth: never logged in 0.75, no activity 0.15 to 0.5, active 0.5; bumps on top, at most 1', () => {
    // Inside the grace period, just launched: the starts.
    expect(baseOf(facts({ daysSinceLaunch: 0 }))).toBe(0.15);
    expect(baseOf(facts({ daysSinceLaunch: 0, daysSinceLastLogin: 0 }))).toBe(0.15);
    expect(baseOf(facts({ daysSinceLaunch: 0, daysSinceLastLogin: 0, complete: 1 }))).toBe(0);
    // 40 weeks past grace but logged in today: the caps alone.
    expect(baseOf(facts({ daysSinceLaunch: 300, daysSinceLastLogin: 0 }))).toBe(0.5);
    expect(baseOf(facts({ daysSinceLaunch: 300, daysSinceLastLogin: 0, complete: 3 }))).toBe(0.5);
    // Quiet over 60 days: +0.3 on top of the cap (never logged in: 0.75 + 0.3, at most 1).
    expect(baseOf(facts({ daysSinceLaunch: 400 }))).toBe(1);
    expect(baseOf(facts({ daysSinceLaunch: 400, daysSinceLastLogin: 100 }))).toBe(0.8);
    expect(baseOf(facts({ daysSinceLaunch: 400, daysSinceLastLogin: 100, complete: 3 }))).toBe(0.8);
  });

  it('explains the score on the team line', () => {
    const result = riskScore(facts({ daysSinceLaunch: 42, overdue: 4, dueSoon: 2, pending: 6 }));
    // Never logged in: 0.15 + 4 weeks × 0.05, then + 0.2 for 42 quiet days = 0.55.
    expect(result.base).toBe(0.55);
    // Counted tasks: 4 overdue + 2 due soon (pending ones wait): (4 + 1) / 6, scale 0.8.
    expect(result.taskRisk).toBeCloseTo(5 / 6, 4);
    expect(result.taskScale).toBe(0.8);
    expect(result.riskPercent).toBe(60.8);
    expect(result.riskLevel).toBe('high');
    expect(result.reasons).toEqual([
      'never logged in',
      '4 of 12 tasks overdue',
      '2 of 12 tasks due soon',
      '4 weeks past the launch grace period',
    ]);
  });

  it('an on-track team says so', () => {
    expect(riskScore(facts({ daysSinceLaunch: 3, daysSinceLastLogin: 1, complete: 2 })).reasons).toEqual([
      'on track',
    ]);
  });
});

describe('submitted submissions are activity (decision 0015)', () => {
  it('without a launch date: logged in with a form submitted and nothing complete is the active base 0.5, not 0.75', () => {
    const submitted = riskScore(
      facts({ daysSinceLastLogin: 2, submitted: 1, daysSinceLastSubmission: 2, pending: 3 }),
    );
    expect(submitted).toMatchObject({ engagement: 'active', base: 0.5, riskPercent: 25, riskLevel: 'low' });
    expect(submitted.reasons).not.toContain('no task complete or form submitted yet');
    // Drafts are not counted by the server at all: no submitted submission leaves the team without activity.
    expect(riskScore(facts({ daysSinceLastLogin: 2, pending: 3 })).engagement).toBe('noActivity');
  });

  it('never logged in stays the login cap: a submission does not make a login', () => {
    // (An organiser's submission for a team, or an import's: the spec's "never logged" is about logins.)
    expect(riskScore(facts({ submitted: 2, daysSinceLastSubmission: 1 }))).toMatchObject({
      engagement: 'neverLoggedIn',
      base: 1,
    });
  });

  it('with a launch date: the active cap 0.5 applies, and a recent submission stops the inactivity bump', () => {
    // 300 days after launch, last login 100 days ago: no activity 0.5 + 0.3 bump = 0.8.
    expect(baseOf(facts({ daysSinceLaunch: 300, daysSinceLastLogin: 100 }))).toBe(0.8);
    // A form submitted 3 days ago (in a long session): active, cap 0.5, quiet 3 days, no bump.
    expect(
      baseOf(
        facts({ daysSinceLaunch: 300, daysSinceLastLogin: 100, submitted: 1, daysSinceLastSubmission: 3 }),
      ),
    ).toBe(0.5);
    // Submitted 40 days ago, last login 100: quiet 40 days, over 30, +0.2 on the active cap.
    const quiet = riskScore(
      facts({ daysSinceLaunch: 300, daysSinceLastLogin: 100, submitted: 1, daysSinceLastSubmission: 40 }),
    );
    expect(quiet.base).toBe(0.7);
    expect(quiet.reasons[0]).toBe('last form submitted 40 days ago');
  });

  it('the latest of login and submission sets the clock', () => {
    expect(daysSinceActivity({ daysSinceLastLogin: 20, daysSinceLastSubmission: 5 })).toBe(5);
    expect(daysSinceActivity({ daysSinceLastLogin: 5, daysSinceLastSubmission: 20 })).toBe(5);
    expect(daysSinceActivity({ daysSinceLastLogin: 5, daysSinceLastSubmission: null })).toBe(5);
    expect(daysSinceActivity({ daysSinceLastLogin: null, daysSinceLastSubmission: 1 })).toBeNull();
  });
});

describe('task part', () => {
  it('weights overdue 1, due soon 0.5, pending 0; complete counts as 0; pending tasks are not counted', () => {
    expect(taskRiskOf({ complete: 0, overdue: 2, dueSoon: 2 })).toBe(0.75);
    expect(taskRiskOf({ complete: 2, overdue: 1, dueSoon: 1 })).toBe(0.375);
    expect(taskRiskOf(none)).toBe(0);
    // A long list of far-off tasks does not hide a late one.
    expect(riskScore(facts({ overdue: 1, pending: 40 })).taskRisk).toBe(1);
  });

  it('full weight from 10 tasks, scaled from 0.5 below', () => {
    expect([0, 1, 4, 9, 10, 300].map(taskScaleOf)).toEqual([0.5, 0.55, 0.7, 0.95, 1, 1]);
    // Four tasks, all overdue, active team in grace: 0.5 × 0.7 × 1 = 35%.
    const few = riskScore(facts({ daysSinceLaunch: 1, daysSinceLastLogin: 0, complete: 0, overdue: 4 }));
    expect(few.taskScale).toBe(0.7);
  });
});
