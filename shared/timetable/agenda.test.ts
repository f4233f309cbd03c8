import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterAgenda, groupByDay, upcomingSessions } from './agenda';
import { sessionBodySchema } from './schema';

const s = (title: string, startsAt: string, endsAt: string, track: { id: string } | null = null) => ({
  title,
  startsAt,
  endsAt,
  track,
});

describe('the day-by-day agenda', () => {
  const build = s('Build-up', '2027-03-01T07:00', '2027-03-01T20:00', { id: 'logistics' });
  const briefing = s('Safety briefing', '2027-03-01T07:00', '2027-03-01T07:30', { id: 'briefings' });
  const night = s('Night deliveries', '2027-03-01T22:00', '2027-03-02T06:00', { id: 'logistics' });
  const opening = s('Doors open', '2027-03-02T09:00', '2027-03-02T18:00');

  it('groups sessions by the day they start, in time order', () => {
    const days = groupByDay([opening, night, build, briefing]);
    expect(days.map((d) => d.day)).toEqual(['2027-03-01', '2027-03-02']);
    expect(days[0].sessions.map((x) => x.title)).toEqual(['Safety briefing', 'Build-up', 'Night deliveries']);
    expect(days[1].sessions).toEqual([opening]);
  });

  it('filters by day and by track', () => {
    const all = [build, briefing, night, opening];
    expect(filterAgenda(all, { day: '2027-03-02', trackId: null })).toEqual([opening]);
    expect(filterAgenda(all, { day: null, trackId: 'logistics' })).toEqual([build, night]);
    expect(filterAgenda(all, { day: null, trackId: 'none' })).toEqual([opening]);
    expect(filterAgenda(all, { day: '2027-03-01', trackId: 'briefings' })).toEqual([briefing]);
  });

  it('property: grouping keeps every session once, each under its own start day', () => {
    const local = fc
      .integer({ min: 0, max: 10 * 24 * 60 })
      .map((m) => new Date(Date.UTC(2027, 2, 1) + m * 60_000).toISOString().slice(0, 16));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), local), { maxLength: 30 }), (items) => {
        const sessions = items.map(([title, startsAt]) => s(title, startsAt, startsAt));
        const days = groupByDay(sessions);
        expect(days.flatMap((d) => d.sessions)).toHaveLength(sessions.length);
        for (const day of days)
          for (const x of day.sessions) expect(x.startsAt.startsWith(day.day)).toBe(true);
        expect([...days.map((d) => d.day)].sort()).toEqual(days.map((d) => d.day));
      }),
    );
  });
});

describe('session values', () => {
  const valid = { title: 'Doors open', startsAt: '2027-03-02T09:00', endsAt: '2027-03-02T18:00' };

  it('fills the defaults', () => {
    expect(sessionBodySchema.parse(valid)).toEqual({
      ...valid,
      description: '',
      location: '',
      trackId: null,
      teamTypeIds: [],
      showToChildTeams: true,
      link: null,
    });
  });

  it('refuses an end before the start, a session over 14 days, bad times and unknown keys', () => {
    const issues = (body: object) =>
      sessionBodySchema.safeParse(body).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ ...valid, endsAt: '2027-03-02T09:00' })).toEqual(['endsAt: End after the start']);
    expect(issues({ ...valid, endsAt: '2027-03-20T09:00' })).toEqual([
      'endsAt: A session lasts at most 14 days',
    ]);
    expect(issues({ ...valid, startsAt: '2027-02-30T09:00' })).toEqual([
      'startsAt: Enter a start date and time',
    ]);
    expect(issues({ ...valid, title: '  ' })).toEqual(['title: Enter a title']);
    expect(issues({ ...valid, link: { kind: 'page', id: crypto.randomUUID() } })?.[0]).toMatch(/^link.kind/);
    expect(sessionBodySchema.safeParse({ ...valid, colour: 'red' }).success).toBe(false);
  });
});

describe('the next sessions', () => {
  const at = (title: string, startsAt: string, endsAt: string) => ({ title, startsAt, endsAt });
  const sessions = [
    at('Breakdown', '2027-03-04T18:00', '2027-03-04T23:00'),
    at('Build-up', '2027-03-01T08:00', '2027-03-01T18:00'),
    at('Briefing', '2027-03-02T08:00', '2027-03-02T08:30'),
    at('Doors open', '2027-03-02T09:00', '2027-03-02T18:00'),
  ];

  it('keeps those not over yet (one under way included), in time order, up to the limit', () => {
    const next = upcomingSessions(sessions, '2027-03-02T08:15', 2);
    expect(next.map((s) => s.title)).toEqual(['Briefing', 'Doors open']);
    expect(upcomingSessions(sessions, '2027-03-02T08:30', 5).map((s) => s.title)).toEqual([
      'Doors open',
      'Breakdown',
    ]);
    expect(upcomingSessions(sessions, '2027-03-05T00:00', 3)).toEqual([]);
  });
});
