import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { teamApi } from '../people/teamTestKit';
import { supplierGroupMembers, suppliers } from './tables';

describe('suppliers and supplier types (admin)', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let api: ReturnType<typeof teamApi>;
  let other: ReturnType<typeof teamApi>;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    api = teamApi(t, eventId);
    other = teamApi(t, otherEventId);
    for (const level of ['user', 'reportViewer', 'moderator', 'admin'] as const) {
      cookies[level] = await signIn(t, (await makeUser(t, eventId, level)).email);
    }
    cookies.otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
  });
  afterAll(() => t.close());

  const newGroup = async (title: string, cookie = cookies.moderator) => {
    const res = await api.call('POST', cookie, '/supplier-groups', { title });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string };
  };
  const newSupplier = async (body: object) => {
    const res = await api.call('POST', cookies.moderator, '/suppliers', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; groupIds: string[] };
  };
  const countSuppliers = async () =>
    (await t.ctx.db.select().from(suppliers).where(eq(suppliers.eventId, eventId))).length;

  it('lets moderators and admins manage suppliers and types, and refuses users and report viewers', async () => {
    for (const level of ['user', 'reportViewer'] as const) {
      expect((await api.call('GET', cookies[level], '/suppliers')).statusCode).toBe(403);
      expect((await api.call('POST', cookies[level], '/suppliers', { company: 'X' })).statusCode).toBe(403);
      expect((await api.call('GET', cookies[level], '/supplier-groups')).statusCode).toBe(403);
      expect((await api.call('POST', cookies[level], '/supplier-groups', { title: 'X' })).statusCode).toBe(
        403,
      );
    }
    const type = await newGroup('Stand builders', cookies.admin);
    const res = await api.call('POST', cookies.admin, '/suppliers', {
      company: '  Apex Stands ',
      description:
        '<p>Builds <strong>stands</strong></p><script>alert(1)</script><img src=x onerror=alert(1)>',
      website: ' https://apex.example ',
      logoUrl: 'https://apex.example/logo.png',
      isFeatured: true,
      contacts: [
        {
          firstName: ' Ana ',
          surname: 'Silva',
          phone: '+44 20 7946 0000',
          email: 'Ana@Apex.example',
          jobTitle: 'Sales',
        },
      ],
      groupIds: [type.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      company: 'Apex Stands',
      website: 'https://apex.example',
      logo: 'https://apex.example/logo.png',
      isFeatured: true,
      isArchived: false,
      groupIds: [type.id],
      groups: [{ id: type.id, title: 'Stand builders' }],
      contacts: [{ firstName: 'Ana', surname: 'Silva', email: 'ana@apex.example', jobTitle: 'Sales' }],
    });
    // Sanitised on the server: the markup stays, the script and the handler go.
    expect(created.description).toBe('<p>Builds <strong>stands</strong></p>');
    expect((await api.call('GET', cookies.moderator, `/suppliers/${created.id}`)).json().company).toBe(
      'Apex Stands',
    );
  });

  it('refuses bad input with 400 in the spec words and stores nothing', async () => {
    const before = await countSuppliers();
    for (const body of [
      { company: '' },
      { company: 'Bad email', contacts: [{ firstName: 'A', email: 'not-an-email' }] },
      { company: 'Bad site', website: 'ftp://x.example' },
      { company: 'Extra', surprise: true },
      {
        company: 'Twice',
        logoUrl: 'https://x.example/l.png',
        logoFileId: '00000000-0000-4000-8000-000000000001',
      },
      { company: 'Foreign type', showToTeamTypeIds: ['00000000-0000-4000-8000-000000000000'] },
      { company: 'Foreign group', groupIds: ['00000000-0000-4000-8000-000000000000'] },
      { company: 'Empty group', groupIds: [''] },
    ]) {
      const res = await api.call('POST', cookies.admin, '/suppliers', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe('Invalid supplier');
    }
    const badEmail = await api.call('POST', cookies.admin, '/suppliers', {
      company: 'X',
      contacts: [{ email: 'nope' }],
    });
    expect(badEmail.json().error.issues[0]).toMatchObject({ message: 'Enter a valid email address' });
    expect(
      (await api.call('POST', cookies.admin, '/supplier-groups', { title: ' ' })).json().error.message,
    ).toBe('Invalid group');
    expect(await countSuppliers()).toBe(before);
  });

  it("answers 'No ID' for an empty group id and 404 for an unknown one", async () => {
    const empty = await api.call('GET', cookies.moderator, '/supplier-groups/%20');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('No ID');
    expect((await api.call('DELETE', cookies.moderator, '/supplier-groups/%20')).json().error.message).toBe(
      'No ID',
    );
    expect((await api.call('GET', cookies.moderator, '/supplier-groups/not-a-uuid')).statusCode).toBe(404);
  });

  it('refuses every admin route to users and report viewers, and changes nothing', async () => {
    const type = await newGroup('Guarded');
    const supplier = await newSupplier({ company: 'Guarded Ltd', groupIds: [type.id] });
    const routes: ['GET' | 'PUT' | 'POST' | 'DELETE', string, object?][] = [
      ['GET', `/suppliers/${supplier.id}`],
      ['PUT', `/suppliers/${supplier.id}`, { company: 'Taken over' }],
      ['POST', `/suppliers/${supplier.id}/archive`],
      ['POST', `/suppliers/${supplier.id}/unarchive`],
      ['DELETE', `/suppliers/${supplier.id}`],
      ['GET', `/supplier-groups/${type.id}`],
      ['PUT', `/supplier-groups/${type.id}`, { title: 'Taken over' }],
      ['POST', `/supplier-groups/${type.id}/archive`],
      ['POST', `/supplier-groups/${type.id}/unarchive`],
      ['DELETE', `/supplier-groups/${type.id}`],
    ];
    for (const level of ['user', 'reportViewer'] as const) {
      for (const [method, path, body] of routes) {
        const res = await api.call(method, cookies[level], path, body);
        expect(res.statusCode, `${level} ${method} ${path}`).toBe(403);
      }
    }
    const after = (await api.call('GET', cookies.moderator, `/suppliers/${supplier.id}`)).json();
    expect(after).toMatchObject({ company: 'Guarded Ltd', isArchived: false, groupIds: [type.id] });
  });

  it("answers 404 for another event's suppliers and types, and refuses linking another event's type", async () => {
    const type = await newGroup('Mine');
    const supplier = await newSupplier({ company: 'Mine Ltd', groupIds: [type.id] });
    for (const [method, path] of [
      ['GET', `/suppliers/${supplier.id}`],
      ['PUT', `/suppliers/${supplier.id}`],
      ['POST', `/suppliers/${supplier.id}/archive`],
      ['DELETE', `/suppliers/${supplier.id}`],
      ['GET', `/supplier-groups/${type.id}`],
      ['PUT', `/supplier-groups/${type.id}`],
      ['POST', `/supplier-groups/${type.id}/archive`],
      ['DELETE', `/supplier-groups/${type.id}`],
      ['GET', `/supplier-directory/${supplier.id}`],
    ] as const) {
      const body = method === 'PUT' ? (path.includes('groups') ? { title: 'X' } : { company: 'X' }) : {};
      const res = await other.call(method, cookies.otherAdmin, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    // The other event's admin cannot reach this event at all.
    expect((await api.call('GET', cookies.otherAdmin, '/suppliers')).statusCode).toBe(404);
    const res = await other.call('POST', cookies.otherAdmin, '/suppliers', {
      company: 'Y',
      groupIds: [type.id],
    });
    expect(res.statusCode).toBe(400);
    expect((await api.call('GET', cookies.moderator, `/suppliers/${supplier.id}`)).json().company).toBe(
      'Mine Ltd',
    );
  });

  it('moves a supplier between types on update, and lists by company with search and type filters', async () => {
    const lighting = await newGroup('AV & lighting');
    const furniture = await newGroup('Furniture hire');
    const supplier = await newSupplier({ company: 'Bright Sparks AV', groupIds: [lighting.id] });
    const loner = await newSupplier({ company: 'aardvark Logistics' });
    const put = await api.call('PUT', cookies.moderator, `/suppliers/${supplier.id}`, {
      company: 'Bright Sparks AV',
      groupIds: [furniture.id],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().groupIds).toEqual([furniture.id]);
    const members = await t.ctx.db
      .select()
      .from(supplierGroupMembers)
      .where(eq(supplierGroupMembers.supplierId, supplier.id));
    expect(members.map((m) => m.groupId)).toEqual([furniture.id]);
    expect(
      (await api.call('GET', cookies.moderator, `/supplier-groups/${lighting.id}`)).json().suppliers,
    ).toEqual([]);
    expect(
      (await api.call('GET', cookies.moderator, `/supplier-groups/${furniture.id}`)).json().suppliers,
    ).toMatchObject([{ id: supplier.id, company: 'Bright Sparks AV' }]);

    const companies = async (query: string) =>
      (
        (await api.call('GET', cookies.moderator, `/suppliers${query}`)).json().items as { company: string }[]
      ).map((s) => s.company);
    const all = await companies('');
    expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(all[0]).toBe('aardvark Logistics');
    expect(await companies('?search=sparks')).toEqual(['Bright Sparks AV']);
    expect(await companies(`?groupId=${furniture.id}`)).toEqual(['Bright Sparks AV']);
    expect(loner.id).toBeTruthy();
    expect(await companies('?groupId=unassigned')).toContain('aardvark Logistics');
    expect(await companies('?groupId=unassigned')).not.toContain('Bright Sparks AV');
    const groups = (await api.call('GET', cookies.moderator, '/supplier-groups')).json();
    expect(groups.unassignedCount).toBeGreaterThanOrEqual(1);
    expect(groups.items.find((g: { id: string }) => g.id === furniture.id).suppliersCount).toBe(1);
  });

  it('archives and unarchives suppliers and types, and deleting removes the id from groups', async () => {
    const type = await newGroup('Catering');
    const supplier = await newSupplier({ company: 'Crumbs Catering', groupIds: [type.id] });
    const archived = await api.call('POST', cookies.moderator, `/suppliers/${supplier.id}/archive`, {});
    expect(archived.json().isArchived).toBe(true);
    const names = async (query: string) =>
      ((await api.call('GET', cookies.moderator, `/suppliers${query}`)).json().items as { id: string }[]).map(
        (s) => s.id,
      );
    expect(await names('?archived=true')).toContain(supplier.id);
    expect(await names('')).not.toContain(supplier.id);
    await api.call('POST', cookies.moderator, `/suppliers/${supplier.id}/unarchive`, {});
    expect(await names('')).toContain(supplier.id);

    expect(
      (await api.call('POST', cookies.moderator, `/supplier-groups/${type.id}/archive`, {})).json(),
    ).toMatchObject({
      isArchived: true,
      suppliersCount: 1,
    });
    const archivedTypes = (await api.call('GET', cookies.moderator, '/supplier-groups?archived=true')).json();
    expect(archivedTypes.items.map((g: { id: string }) => g.id)).toContain(type.id);
    await api.call('POST', cookies.moderator, `/supplier-groups/${type.id}/unarchive`, {});

    expect((await api.call('DELETE', cookies.moderator, `/suppliers/${supplier.id}`)).statusCode).toBe(204);
    expect((await api.call('GET', cookies.moderator, `/suppliers/${supplier.id}`)).statusCode).toBe(404);
    expect(
      (await api.call('GET', cookies.moderator, `/supplier-groups/${type.id}`)).json().suppliersCount,
    ).toBe(0);
    expect((await api.call('DELETE', cookies.moderator, `/supplier-groups/${type.id}`)).statusCode).toBe(204);
    expect((await api.call('GET', cookies.moderator, `/supplier-groups/${type.id}`)).statusCode).toBe(404);
  });
});
