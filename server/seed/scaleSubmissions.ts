import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { forms } from '../modules/forms/tables';
import { formSubmissions } from '../modules/submissions/tables';
import type { DbOrTx } from '../platform/db/client';

/**
 * Form submissions for a load-test event (the reports benchmark, issue 16): FORMS published forms
 * and `count` submissions spread over the event's teams (each team's forms in turn, so 50,000
 * submissions at 5,000 teams are ten forms a team), one in five a draft, which reports must leave
 * out (the same teams' every time: a fifth of the teams has drafts only, nothing submitted). Made by the database in one INSERT ... SELECT, like the task statuses.
 */
const FORMS = 20;

export async function seedScaleSubmissions(
  tx: DbOrTx,
  options: { eventId: string; count: number },
): Promise<{ forms: number; submissions: number }> {
  const { eventId, count } = options;
  if (count === 0) return { forms: 0, submissions: 0 };
  const formIds = Array.from({ length: FORMS }, () => randomUUID());
  await tx.insert(forms).values(
    formIds.map((id, i) => ({
      eventId,
      id,
      title: `Scale form ${String(i + 1).padStart(2, '0')}`,
      isPublished: true,
    })),
  );
  // n numbers the team-form pairs in rounds: every team's first form (each team starting at another
  // form), then every team's second, so the first `count` pairs cover every team evenly and every
  // form about as often.
  await tx.execute(sql`
    insert into form_submissions (event_id, form_id, team_id, is_draft, values, submitted_at, created_at, updated_at)
    select p.event_id, p.form_id, p.team_id, p.n % 5 = 4, '{}'::jsonb,
      case when p.n % 5 = 4 then null else now() - make_interval(hours => (p.n % 500)::int) end,
      now() - make_interval(hours => (p.n % 500)::int), now() - make_interval(hours => (p.n % 500)::int)
    from (
      select tm.event_id, tm.id as team_id, f.id as form_id,
        row_number() over (order by (f.rank + tm.rank_in_event) % ${FORMS}, tm.rank_in_event) - 1 as n
      from (
        select event_id, id, row_number() over (order by id) as rank_in_event
        from teams where event_id = ${eventId} and not is_organiser
      ) tm
      cross join (
        select id, row_number() over (order by title) as rank from forms where event_id = ${eventId}
      ) f
    ) p
    where p.n < ${count}
  `);
  const [{ submissions }] = await tx
    .select({ submissions: sql<number>`count(*)`.mapWith(Number) })
    .from(formSubmissions)
    .where(eq(formSubmissions.eventId, eventId));
  for (const table of ['forms', 'form_submissions']) await tx.execute(sql.raw(`analyze ${table}`));
  return { forms: FORMS, submissions };
}
