import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfirmationListResponse, FormDetail } from '../../../../shared/forms/api';
import { makeDefinition } from '../../../../shared/forms/definition';
import { hotelBookingFixture, standBuildFixture } from '../../../../shared/forms/fixtures';
import { evaluateVisibility } from '../../../../shared/forms/logic';
import type { Field } from '../../../../shared/forms/schema/field';
import type { FieldGroup } from '../../../../shared/forms/schema/field-group';
import type { Form } from '../../../../shared/forms/schema/form';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { importFixture } from '../fixtures/service';
import { formsApi } from '../formsTestKit';

type Loaded = { form: Form; fields: Field[]; fieldGroups: FieldGroup[] };
const definitionOf = (detail: Loaded) => makeDefinition(detail.form, detail.fields, detail.fieldGroups);

describe('duplicating forms, and their confirmations', () => {
  let t: TestApp;
  let eventId: string;
  let api: ReturnType<typeof formsApi>;
  let userId: string;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    api = formsApi(t, eventId);
    const moderator = await makeUser(t, eventId, 'moderator');
    userId = moderator.id;
    cookies.moderator = await signIn(t, moderator.email);
    cookies.user = await signIn(t, (await makeUser(t, eventId, 'user')).email);
  });
  afterAll(() => t.close());

  const load = async (formId: string) =>
    (await api.call('GET', cookies.moderator, `/forms/${formId}`)).json() as FormDetail;

  it("keeps the logic's meaning: the copy shows the same fields for the same answers", async () => {
    const formId = await t.ctx.db.transaction((tx) =>
      importFixture(tx, { eventId, accountId: userId }, standBuildFixture),
    );
    const original = await load(formId);
    const res = await api.call('POST', cookies.moderator, `/forms/${formId}/duplicate`, {});
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json() as FormDetail;
    expect(copy.form).toMatchObject({ title: 'Stand Build Submission (Copy)', isPublished: false });
    expect(copy.form.id).not.toBe(formId);
    expect(copy.form.fieldIds).toHaveLength(original.form.fieldIds.length);
    expect(copy.form.fieldIds.filter((id) => original.form.fieldIds.includes(id))).toEqual([]);
    expect(copy.confirmations).toHaveLength(original.confirmations.length);
    expect(copy.notifications).toHaveLength(original.notifications.length);

    // Fixture id -> original id -> copy id, by place in the form.
    const fixtureIds = standBuildFixture.definition.form.fieldIds;
    const toOriginal = new Map(fixtureIds.map((id, i) => [id, original.form.fieldIds[i]]));
    const toCopy = new Map(original.form.fieldIds.map((id, i) => [id, copy.form.fieldIds[i]]));
    const answers = (values: Record<string, unknown>, map: Map<string, string | undefined>) =>
      Object.fromEntries(Object.entries(values).map(([id, value]) => [map.get(id), value]));
    const cases = [
      { 'sb-stand-type': ['space'], 'sb-rigging': ['yes'] },
      { 'sb-stand-type': ['space'], 'sb-rigging': ['no'] },
      { 'sb-stand-type': ['shell'], 'sb-rigging': ['yes'] },
      {},
    ];
    for (const values of cases) {
      const inOriginal = answers(values, toOriginal);
      const inCopy = answers(inOriginal, new Map([...toCopy]));
      const shownOriginal = evaluateVisibility(definitionOf(original), inOriginal).fields;
      const shownCopy = evaluateVisibility(definitionOf(copy), inCopy).fields;
      const mapped = Object.fromEntries(
        Object.entries(shownOriginal).map(([id, shown]) => [toCopy.get(id), shown]),
      );
      expect(shownCopy, JSON.stringify(values)).toEqual(mapped);
    }
    // The cases differ, so the comparison above can fail.
    const spaceRigging = evaluateVisibility(
      definitionOf(copy),
      answers(answers(cases[0], toOriginal), toCopy),
    );
    const nothing = evaluateVisibility(definitionOf(copy), {});
    expect(spaceRigging.fields).not.toEqual(nothing.fields);
  });

  it('duplicates a form with a looping template: the group is shared, the rules follow the copy', async () => {
    const formId = await t.ctx.db.transaction((tx) =>
      importFixture(tx, { eventId, accountId: userId }, hotelBookingFixture),
    );
    const original = await load(formId);
    const copy = (
      await api.call('POST', cookies.moderator, `/forms/${formId}/duplicate`, {})
    ).json() as FormDetail;
    expect(copy.fieldGroups.map((g) => g.id)).toEqual(original.fieldGroups.map((g) => g.id));
    const template = copy.fields.find((f) => f.type === 'template');
    expect(template && copy.form.logicMap[template.id]?.rules[0].sourceId).toBe(template?.id);
  });

  it('manages confirmations: default first, one default, the default cannot be deleted', async () => {
    const made = await api.createForm(cookies.moderator, 'Confirmations');
    const base = `/forms/${made.form.id}/confirmations`;
    expect((await api.call('GET', cookies.user, base)).statusCode).toBe(403);
    const bad = await api.call('POST', cookies.moderator, base, { name: 'X', operator: 'SOME' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Invalid confirmation');
    // A rule the engine could not evaluate against this form is refused at its place; nothing stored.
    const stranger = await api.call('POST', cookies.moderator, base, {
      name: 'Ghost',
      rules: [
        { sourceId: made.fields[0].id, sourceValue: 'gold' },
        { sourceId: crypto.randomUUID(), sourceValue: 'x' },
      ],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error.message).toBe(
      'A rule of this confirmation reads a field that is not in this form',
    );
    expect(stranger.json().error.issues[0].path).toEqual(['rules', 1]);
    const created = await api.call('POST', cookies.moderator, base, {
      name: 'Sponsors',
      message: '<p>Thanks</p><script>alert(1)</script>',
      rules: [{ sourceId: made.fields[0].id, sourceValue: 'gold' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const sponsors = created.json() as { id: string; message: string; isDefault: boolean };
    expect(sponsors.message).toBe('<p>Thanks</p>');
    const listed = (await api.call('GET', cookies.moderator, base)).json() as ConfirmationListResponse;
    expect(listed.items.map((c) => [c.name, c.isDefault])).toEqual([
      ['Default confirmation', true],
      ['Sponsors', false],
    ]);
    const defaultId = listed.items[0].id;
    const del = await api.call('DELETE', cookies.moderator, `${base}/${defaultId}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe('The default confirmation cannot be deleted');
    // Making another the default moves the mark; the old one may then go.
    const moved = await api.call('PUT', cookies.moderator, `${base}/${sponsors.id}`, {
      name: 'Sponsors',
      isDefault: true,
    });
    expect(moved.json()).toMatchObject({ isDefault: true });
    expect((await api.call('DELETE', cookies.moderator, `${base}/${defaultId}`)).statusCode).toBe(204);
    const after = (await api.call('GET', cookies.moderator, base)).json() as ConfirmationListResponse;
    expect(after.items.map((c) => c.name)).toEqual(['Sponsors']);
    // Another form's confirmation is not found through this form.
    const other = await api.createForm(cookies.moderator, 'Other');
    const foreign = await api.call(
      'GET',
      cookies.moderator,
      `/forms/${other.form.id}/confirmations/${sponsors.id}`,
    );
    expect(foreign.statusCode).toBe(404);
  });
});
