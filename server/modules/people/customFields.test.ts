import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { teamApi } from './teamTestKit';

describe('custom fields', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let api: ReturnType<typeof teamApi>;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    api = teamApi(t, eventId);
    for (const level of ['user', 'reportViewer', 'moderator', 'admin'] as const) {
      cookies[level] = await signIn(t, (await makeUser(t, eventId, level)).email);
    }
    cookies.otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
  });
  afterAll(() => t.close());

  const add = (body: object, cookie = cookies.admin) => api.call('POST', cookie, '/custom-fields', body);

  it('adds a field, writing its default value into every team; new teams start with it too', async () => {
    const before = await api.createTeam(cookies.admin, 'Early Team');
    const res = await add({ label: ' Stand number ', type: 'text', placeholder: 'e.g. B12' });
    expect(res.statusCode).toBe(201);
    const field = res.json();
    expect(field).toMatchObject({
      label: 'Stand number',
      type: 'text',
      showField: true,
      showToChildTeams: false,
    });
    const flag = (await add({ label: 'Needs power', type: 'boolean' })).json();
    expect((await api.call('GET', cookies.admin, `/teams/${before.id}`)).json().customFields).toEqual({
      [field.id]: '',
      [flag.id]: false,
    });
    const later = await api.createTeam(cookies.admin, 'Later Team', { customFields: { [field.id]: 'C7' } });
    expect((await api.call('GET', cookies.admin, `/teams/${later.id}`)).json().customFields).toEqual({
      [field.id]: 'C7',
      [flag.id]: false,
    });
  });

  it('lists by label, reorders, edits but never changes the type, and deletes from every team', async () => {
    const a = (await add({ label: 'Zone', type: 'text' })).json();
    const list = (await api.call('GET', cookies.moderator, '/custom-fields')).json().items;
    const labels = list.map((f: { label: string }) => f.label);
    expect(labels).toEqual([...labels].sort());
    const ids = list.map((f: { id: string }) => f.id).reverse();
    const reordered = (await api.call('PUT', cookies.admin, '/custom-fields/order', { ids })).json().items;
    expect(reordered.find((f: { id: string }) => f.id === ids[0]).index).toBe(0);
    const bad = await api.call('PUT', cookies.admin, '/custom-fields/order', { ids: ids.slice(1) });
    expect(bad.json().error).toMatchObject({ code: 'validation', message: 'Invalid field' });

    const edited = await api.call('PATCH', cookies.admin, `/custom-fields/${a.id}`, { label: 'Hall zone' });
    expect(edited.json()).toMatchObject({ label: 'Hall zone', type: 'text' });
    const typeChange = await api.call('PATCH', cookies.admin, `/custom-fields/${a.id}`, { type: 'boolean' });
    expect(typeChange.statusCode).toBe(400);

    const team = await api.createTeam(cookies.admin, 'Zoned Team', { customFields: { [a.id]: 'North' } });
    expect((await api.call('DELETE', cookies.admin, `/custom-fields/${a.id}`)).statusCode).toBe(204);
    expect(
      (await api.call('GET', cookies.admin, `/teams/${team.id}`)).json().customFields,
    ).not.toHaveProperty(a.id);
  });

  it("refuses values for unknown fields or of the wrong kind with 'Invalid team'", async () => {
    const flag = (await add({ label: 'Has van', type: 'boolean' })).json();
    const team = await api.createTeam(cookies.admin, 'Valued Team');
    for (const values of [{ [flag.id]: 'yes' }, { 'not-a-field': 'x' }]) {
      const res = await api.call('PATCH', cookies.admin, `/teams/${team.id}`, { customFields: values });
      expect(res.json().error, JSON.stringify(values)).toMatchObject({
        code: 'validation',
        message: 'Invalid team',
      });
    }
    const ok = await api.call('PATCH', cookies.admin, `/teams/${team.id}`, {
      customFields: { [flag.id]: true },
    });
    expect(ok.json().customFields[flag.id]).toBe(true);
  });

  it('is admin only to manage; other events answer 404; bad input 400 with nothing stored', async () => {
    for (const level of ['user', 'reportViewer', 'moderator']) {
      expect((await add({ label: 'Nope', type: 'text' }, cookies[level])).statusCode, level).toBe(403);
    }
    expect((await api.call('GET', cookies.user, '/custom-fields')).statusCode).toBe(403);
    const theirs = (await add({ label: 'Theirs', type: 'text' }, cookies.otherAdmin)).statusCode;
    expect(theirs).toBe(404);
    const other = await api.call(
      'POST',
      cookies.otherAdmin,
      '/custom-fields',
      { label: 'T', type: 'text' },
      otherEventId,
    );
    const theirId = other.json().id;
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      expect(
        (await api.call(method, cookies.admin, `/custom-fields/${theirId}`, { label: 'x' })).statusCode,
      ).toBe(404);
    }
    const before = (await api.call('GET', cookies.admin, '/custom-fields')).json().items.length;
    for (const body of [
      { label: '', type: 'text' },
      { label: 'A', type: 'number' },
      { label: 'A' },
      { label: 'A', type: 'text', x: 1 },
    ]) {
      const res = await add(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation', message: 'Invalid field' });
    }
    expect((await api.call('GET', cookies.admin, '/custom-fields')).json().items).toHaveLength(before);
  });

  it('a child team sees only the fields flagged showToChildTeams', async () => {
    const shared = (await add({ label: 'Shared note', type: 'text', showToChildTeams: true })).json();
    const parent = await api.ownedTeam(cookies.admin, 'Field Parent');
    const childOwner = await makeUser(t, eventId, 'user');
    const child = await api.call('POST', parent.cookie, `/teams/${parent.id}/stand-shares`, {
      name: 'Field Child',
      owner: { firstName: 'C', surname: 'O', email: childOwner.email },
    });
    const mine = (await api.call('GET', await signIn(t, childOwner.email), '/my-team')).json();
    expect(Object.keys(mine.team.customFields)).toEqual([shared.id]);
    expect(mine.team.fields).toEqual([
      {
        id: shared.id,
        label: 'Shared note',
        type: 'text',
        placeholder: '',
        description: '',
        isRequired: false,
        value: '',
      },
    ]);
    const asAdmin = (await api.call('GET', cookies.admin, `/teams/${child.json().id}`)).json();
    expect(Object.keys(asAdmin.customFields).length).toBeGreaterThan(1);
  });
});
