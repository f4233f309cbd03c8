import { and, asc, eq } from 'drizzle-orm';
import type { FormFixture } from '../../shared/forms/fixtures';
import { addCalendarDays, calendarDateIn } from '../../shared/tasks/dueStatus';
import { forms } from '../modules/forms/tables';
import { teams } from '../modules/people/tables';
import { formSubmissions } from '../modules/submissions/tables';
import { setFormTaskProgress } from '../modules/tasks/formTasks/service';
import { dueSettings } from '../modules/tasks/queries';
import { tasks } from '../modules/tasks/tables';
import type { Tx } from '../platform/db/client';

export type SeededForm = { fixture: FormFixture; formId: string; idMap: Map<string, string> };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A fixture's answers under the ids the form was stored with (a template's loops too). */
export function rekeyValues(values: Record<string, unknown>, idMap: Map<string, string>) {
  const to = (id: string) => idMap.get(id) ?? id;
  return Object.fromEntries(
    Object.entries(values).map(([id, value]) => {
      if (isRecord(value) && Array.isArray(value.templateValues)) {
        const loops = value.templateValues.map((loop) =>
          isRecord(loop) ? Object.fromEntries(Object.entries(loop).map(([k, v]) => [to(k), v])) : loop,
        );
        return [to(id), { ...value, templateValues: loops }];
      }
      return [to(id), value];
    }),
  );
}

/** How many teams have submitted each demo form, and how many have a draft open. */
const SUBMITTED = [6, 4, 5, 3];
const DRAFTS = [2, 3, 1, 2];

/**
 * Submissions of the demo forms: several teams have submitted each (the fixture's realistic
 * answers), some have a draft open, the hotel booking is a public guest form with guests'
 * bookings, and the stand build and catering order are form tasks, complete for the teams that
 * submitted them.
 */
export async function seedDemoSubmissions(tx: Tx, eventId: string, seeded: SeededForm[]) {
  const teamRows = await tx
    .select({ id: teams.id, ownerId: teams.ownerId })
    .from(teams)
    .where(and(eq(teams.eventId, eventId), eq(teams.isOrganiser, false)))
    .orderBy(asc(teams.name));
  const today = calendarDateIn(new Date(), (await dueSettings(tx, eventId)).timeZone);
  for (const [index, form] of seeded.entries()) {
    const values = rekeyValues(form.fixture.submission.values, form.idMap);
    const submitted = SUBMITTED[index] ?? 0;
    const drafts = DRAFTS[index] ?? 0;
    // Each form starts at a different team, so no team has done everything.
    const chosen = [...teamRows.slice(index * 2), ...teamRows.slice(0, index * 2)].slice(
      0,
      submitted + drafts,
    );
    for (const [n, team] of chosen.entries()) {
      // The team's owner is the one who filled it in.
      const by = team.ownerId;
      const isDraft = n >= submitted;
      const at = new Date(Date.now() - (n + 1) * 86_400_000 * (isDraft ? 1 : 3));
      await tx.insert(formSubmissions).values({
        eventId,
        formId: form.formId,
        teamId: team.id,
        isDraft,
        values,
        submittedAt: isDraft ? null : at,
        createdAt: at,
        createdBy: by,
        updatedAt: at,
        updatedBy: by,
      });
    }
    if (index < 2) {
      await tx.insert(tasks).values({
        eventId,
        title: `Submit the ${form.fixture.definition.form.title.toLowerCase()} form`,
        // Beyond the demo's 30 due-soon days, so the teams ahead of schedule (demoReports) stay low risk.
        dueDate: addCalendarDays(today, index === 0 ? 35 : 42),
        description: `<p>Fill in the ${form.fixture.definition.form.title} form under Forms.</p>`,
        type: 'form',
        formId: form.formId,
        isRequired: true,
      });
      for (const team of chosen.slice(0, submitted)) {
        await setFormTaskProgress(tx, { eventId, formId: form.formId, teamId: team.id }, true);
      }
    }
  }
  // The hotel booking is open to guests (visitors and speakers book through the public link).
  const hotel = seeded[3];
  if (hotel) {
    await tx
      .update(forms)
      .set({ isPublic: true })
      .where(and(eq(forms.eventId, eventId), eq(forms.id, hotel.formId)));
    const values = rekeyValues(hotel.fixture.submission.values, hotel.idMap);
    for (const daysAgo of [1, 4]) {
      const at = new Date(Date.now() - daysAgo * 86_400_000);
      await tx.insert(formSubmissions).values({
        eventId,
        formId: hotel.formId,
        teamId: null,
        isDraft: false,
        isGuest: true,
        values,
        submittedAt: at,
        createdAt: at,
        createdBy: 'guest',
        updatedAt: at,
        updatedBy: 'guest',
      });
    }
  }
}
