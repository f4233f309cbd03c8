/**
 * The answer's serialisation alone (decision 0058): fastify-type-provider-zod's serializer (a Zod
 * encode, then JSON.stringify of the copy) against the writer compiled from the same response
 * schema (server/platform/http/serializer.ts), and `JSON.stringify` of the value as a floor, on the
 * answers the hot path and the reports send: /api/me, a team list page of 25 and of 100 teams, a
 * task report page of 100 tasks. Rounds alternate the three,
 * so a machine other work loads disturbs each alike; the median round is printed.
 *
 * `npx tsx bench/hotpath-serializer.bench.ts` (BENCH_ROUNDS, default 15; BENCH_ITERATIONS per round, default 400)
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { createSerializerCompiler } from '../server/platform/http/serializer';
import { meResponseSchema } from '../shared/auth/schema';
import { teamListResponseSchema } from '../shared/people/schema';
import { taskReportResponseSchema } from '../shared/reports/api';
import { median } from './lib';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 400);

const me = {
  account: { id: randomUUID(), email: 'bench@example.test', firstName: 'Event', surname: 'Admin' },
  currentEventId: randomUUID(),
  events: [
    {
      id: randomUUID(),
      eventName: 'Bench Expo',
      shortName: 'Bench Expo',
      longName: 'Bench Expo',
      startDate: '2027-02-26',
      endDate: '2027-02-28',
      appUrl: 'http://localhost:3795',
      timeZone: 'Europe/London',
      locale: 'en-GB',
      permissions: 'admin',
    },
  ],
};

const teamRow = (i: number) => ({
  id: randomUUID(),
  name: `Bench team ${i}`,
  ownerId: randomUUID(),
  ownerName: `Owner ${i}`,
  ownerEmail: `owner${i}@bench.example`,
  teamTypeId: null,
  teamTypeName: null,
  isOrganiser: false,
  standShareRole: 'none',
  parentTeamId: null,
  membersCount: 1,
  lastLoginInTime: null,
});
const teamList = (n: number) => ({
  items: Array.from({ length: n }, (_, i) => teamRow(i)),
  total: n,
  page: 1,
  pageSize: 100,
});

const taskReport = {
  items: Array.from({ length: 100 }, (_, i) => ({
    id: randomUUID(),
    title: `Task ${i}: send the stand plan`,
    type: 'form',
    groupTitle: i % 3 ? `Group ${i % 7}` : null,
    dueDate: '2027-01-15',
    dueStatus: 'overdue',
    teams: 5000,
    counts: { complete: 1200 + i, 'n/a': 30, overdue: 3770 - i, dueSoon: 0, incomplete: 0 },
  })),
  total: 300,
  page: 1,
  pageSize: 100,
  today: '2026-11-28',
};

type Case = { name: string; schema: z.ZodType; value: unknown };

async function main() {
  const cases: Case[] = [
    { name: 'GET /api/me', schema: meResponseSchema, value: me },
    { name: 'team list, 25 teams', schema: teamListResponseSchema, value: teamList(25) },
    { name: 'team list, 100 teams', schema: teamListResponseSchema, value: teamList(100) },
    { name: 'task report, 100 tasks', schema: taskReportResponseSchema, value: taskReport },
  ];
  const compiled = createSerializerCompiler();
  console.log(
    `serialising one answer, µs (median of ${ROUNDS} alternating rounds of ${ITERATIONS}); load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log('| answer | bytes | Zod encode + stringify | compiled writer | JSON.stringify alone |');
  console.log('|---|---|---|---|---|');
  for (const c of cases) {
    const args = { schema: c.schema, method: 'GET', url: '/bench', httpStatus: '200' };
    const zod = serializerCompiler(args) as (v: unknown) => string;
    const writer = compiled(args) as (v: unknown) => string;
    if (writer(c.value) !== zod(c.value)) throw new Error(`${c.name}: the writer differs from Zod`);
    const ways: [string, (v: unknown) => string][] = [
      ['zod', zod],
      ['compiled', writer],
      ['json', (v) => JSON.stringify(v)],
    ];
    const times = new Map<string, number[]>(ways.map(([n]) => [n, []]));
    for (let round = 0; round < ROUNDS + 2; round++) {
      for (const [name, write] of ways) {
        const started = performance.now();
        for (let i = 0; i < ITERATIONS; i++) write(c.value);
        if (round >= 2) times.get(name)?.push(((performance.now() - started) * 1000) / ITERATIONS);
      }
    }
    const us = (n: string) => median(times.get(n) ?? []).toFixed(1);
    console.log(`| ${c.name} | ${zod(c.value).length} | ${us('zod')} | ${us('compiled')} | ${us('json')} |`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
