import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubmissionListResponse } from '../../../shared/forms/submissionsApi';
import { createTestApp, makeEvent, type TestApp } from '../../test/harness';
import { formsApi, newField } from '../forms/formsTestKit';
import { registeredUserTransfers } from '../people/users/transfer/service';
import { teamTaskWorld } from '../tasks/teamTaskTestKit';
import { formSubmissions } from './tables';

describe('deleting a user hands their submissions to the chosen user', () => {
  let t: TestApp;
  let eventId: string;
  let w: Awaited<ReturnType<typeof teamTaskWorld>>;
  let forms: ReturnType<typeof formsApi>;
  let formId: string;
  const notes = newField('text', 'Notes for the build crew');

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    w = await teamTaskWorld(t, eventId);
    forms = formsApi(t, eventId);
    const made = await forms.createForm(w.admin, 'Catering');
    await forms.takeLock(w.admin, `/forms/${made.form.id}`);
    const saved = await forms.call('PUT', w.admin, `/forms/${made.form.id}`, {
      form: { title: 'Catering', isPublished: true, fieldIds: [notes.id] },
      newFields: [notes],
      removedFieldIds: [made.fields[0].id],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    formId = made.form.id;
  });
  afterAll(() => t.close());

  const rowsOf = () => t.ctx.db.select().from(formSubmissions).where(eq(formSubmissions.formId, formId));

  it('moves the submissions the leaver started and saved last, and shows the successor as the saver', async () => {
    expect(registeredUserTransfers()).toContain('submissions.owner');
    const leaver = await w.member(w.exhibitor.id, 'Lee', 'Ving');
    const sent = await forms.call('POST', leaver.cookie, `/my-forms/${formId}/submit`, {
      values: { [notes.id]: 'Two pallets' },
      version: null,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    // Another team's submission by someone else stays as it was.
    const sponsorSent = await forms.call('POST', w.sponsor.cookie, `/my-forms/${formId}/submit`, {
      values: { [notes.id]: 'One pallet' },
      version: null,
    });
    expect(sponsorSent.statusCode, sponsorSent.body).toBe(201);
    const sponsorBefore = (await rowsOf()).find((row) => row.teamId === w.sponsor.id);

    const res = await w.api.call(
      'DELETE',
      w.admin,
      `/users/${leaver.id}?transferToId=${w.exhibitor.ownerId}`,
    );
    expect(res.statusCode, res.body).toBe(204);

    const rows = await rowsOf();
    const moved = rows.find((row) => row.id === sent.json().id);
    expect(moved).toMatchObject({ createdBy: w.exhibitor.ownerId, updatedBy: w.exhibitor.ownerId });
    expect(rows.some((row) => row.createdBy === leaver.id || row.updatedBy === leaver.id)).toBe(false);
    expect(rows.find((row) => row.teamId === w.sponsor.id)).toEqual(sponsorBefore);
    const list = await forms.call(
      'GET',
      w.moderator.cookie,
      `/forms/${formId}/submissions?teamId=${w.exhibitor.id}`,
    );
    const items = (list.json() as SubmissionListResponse).items;
    expect(items.map((item) => item.updatedByName)).toEqual([expect.stringMatching(/^Harbour Bakery /)]);
  });

  it('moves nothing when the delete is refused', async () => {
    const stayer = await w.member(w.exhibitor.id, 'Stay', 'Put');
    await forms.call('POST', stayer.cookie, `/my-forms/${formId}/submit`, {
      values: { [notes.id]: 'Chairs' },
      version: null,
    });
    // A team owner may not delete users; the submission stays the stayer's.
    const refused = await w.api.call(
      'DELETE',
      w.exhibitor.cookie,
      `/users/${stayer.id}?transferToId=${w.exhibitor.ownerId}`,
    );
    expect(refused.statusCode).toBe(403);
    expect((await rowsOf()).filter((row) => row.createdBy === stayer.id)).toHaveLength(1);
  });
});
