import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDetail } from '../../../../shared/forms/api';
import { createTestApp, makeEvent, nextAddress, type TestApp } from '../../../test/harness';
import { formsApi, newField } from '../../forms/formsTestKit';
import { teamTaskWorld } from '../../tasks/teamTaskTestKit';
import { submissionEvents } from '../tables';
import { dispatchStuckSubmissionEvents, onSubmissionSaved, type SubmissionEvent } from './service';

describe('after a submission: listeners hear of submissions made and changed, once each', () => {
  let t: TestApp;
  let eventId: string;
  let w: Awaited<ReturnType<typeof teamTaskWorld>>;
  let forms: ReturnType<typeof formsApi>;
  let form: FormDetail;
  const heard: SubmissionEvent[] = [];
  const company = newField('text', 'Company name', { isRequired: true });

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    w = await teamTaskWorld(t, eventId);
    forms = formsApi(t, eventId);
    onSubmissionSaved(t.ctx, 'test', async (_ctx, event) => {
      heard.push(event);
    });
    const made = await forms.createForm(w.admin, 'Exhibitor profile');
    await forms.takeLock(w.admin, `/forms/${made.form.id}`);
    const saved = await forms.call('PUT', w.admin, `/forms/${made.form.id}`, {
      form: { title: 'Exhibitor profile', isPublished: true, isEditable: true, fieldIds: [company.id] },
      newFields: [company],
      removedFieldIds: [made.fields[0].id],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    form = saved.json() as FormDetail;
    await forms.call('PATCH', w.admin, `/forms/${form.form.id}/settings`, {
      title: 'Exhibitor profile',
      isPublished: true,
      isPublic: true,
      isEditable: true,
    });
  });
  afterAll(() => t.close());

  const mine = (path: string, method: 'PUT' | 'POST', payload: object) =>
    forms.call(method, w.exhibitor.cookie, `/my-forms/${form.form.id}${path}`, payload);

  it('a draft is not announced; a submission is, then each change after it, by the team or the organiser', async () => {
    const draft = await mine('/draft', 'PUT', { values: { [company.id]: 'Harbour' }, version: null });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(heard).toHaveLength(0);

    const submitted = await mine('/submit', 'POST', {
      values: { [company.id]: 'Harbour Lights' },
      version: draft.json().version,
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const { id, version } = submitted.json();
    expect(heard.map((e) => [e.kind, e.submissionId, e.version, e.eventId])).toEqual([
      ['submitted', id, version, eventId],
    ]);

    const changed = await mine(`/submissions/${id}`, 'PUT', {
      values: { [company.id]: 'Harbour Lights Ltd' },
      version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const corrected = await forms.call('PUT', w.admin, `/forms/${form.form.id}/submissions/${id}`, {
      values: { [company.id]: 'Harbour Lights Limited' },
      version: changed.json().version,
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(heard.slice(1).map((e) => [e.kind, e.version])).toEqual([
      ['updated', changed.json().version],
      ['updated', corrected.json().version],
    ]);
    // A refused save announces nothing.
    const stale = await mine(`/submissions/${id}`, 'PUT', { values: { [company.id]: 'Old' }, version });
    expect(stale.statusCode).toBe(409);
    expect(heard).toHaveLength(3);
  });

  it("announces a guest's submission", async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/guests/forms/${form.form.id}/submissions`,
      remoteAddress: nextAddress(),
      payload: { values: { [company.id]: 'Visitor Co' } },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(heard.at(-1)).toMatchObject({
      kind: 'submitted',
      submissionId: sent.json().id,
      createdBy: 'guest',
    });
  });

  it('hands over at start-up an event whose hand-over a crash lost, and only those', async () => {
    const before = heard.length;
    const [last] = await t.ctx.db
      .update(submissionEvents)
      .set({ dispatchedAt: null, createdAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(submissionEvents.submissionId, heard[0]?.submissionId ?? ''))
      .returning({ id: submissionEvents.id });
    expect(last).toBeDefined();
    await dispatchStuckSubmissionEvents(t.ctx);
    expect(heard.length).toBeGreaterThan(before);
    const again = heard.length;
    await dispatchStuckSubmissionEvents(t.ctx);
    expect(heard.length).toBe(again);
  });
});
