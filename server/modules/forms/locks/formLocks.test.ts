import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDetail, LockResponse } from '../../../../shared/forms/api';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { formsApi, newField } from '../formsTestKit';
import { editLocks } from '../tables';

describe('edit locks of forms and field groups', () => {
  let t: TestApp;
  let api: ReturnType<typeof formsApi>;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const eventId = await makeEvent(t);
    api = formsApi(t, eventId);
    const maya = await makeUser(t, eventId, 'moderator', { firstName: 'Maya', surname: 'Patel' });
    const omar = await makeUser(t, eventId, 'admin', { firstName: 'Omar', surname: 'Reyes' });
    cookies.maya = await signIn(t, maya.email);
    cookies.omar = await signIn(t, omar.email);
  });
  afterAll(() => t.close());

  const expireLock = (resourceId: string) =>
    t.ctx.db
      .update(editLocks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(editLocks.resourceId, resourceId));
  const rename = (cookie: string, made: FormDetail, label: string) =>
    api.call('PUT', cookie, `/forms/${made.form.id}`, {
      form: { title: made.form.title, fieldIds: made.form.fieldIds },
      updatedFields: [{ ...made.fields[0], label }],
    });
  const labelNow = async (made: FormDetail) =>
    ((await api.call('GET', cookies.maya, `/forms/${made.form.id}`)).json() as FormDetail).fields[0].label;

  it('refuses a save from someone who never took the lock', async () => {
    const made = await api.createForm(cookies.maya, 'No lock', newField('text', 'Stand number'));
    const res = await rename(cookies.maya, made, 'Changed');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/^Open it for editing/),
    });
    expect(await labelNow(made)).toBe('Stand number');
  });

  it('tells a second editor who holds the lock, and refuses their save and settings', async () => {
    const made = await api.createForm(cookies.maya, 'Catering', newField('text', 'Table count'));
    const mine = await api.takeLock(cookies.maya, `/forms/${made.form.id}`);
    expect(mine).toMatchObject({ isMine: true, holderName: 'Maya Patel' });
    const expiresIn = new Date((mine as unknown as { expiresAt: string }).expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(4.9 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(5 * 60_000);

    const theirs = await api.takeLock(cookies.omar, `/forms/${made.form.id}`);
    expect(theirs).toMatchObject({ isMine: false, holderName: 'Maya Patel' });
    const detail = (await api.call('GET', cookies.omar, `/forms/${made.form.id}`)).json() as FormDetail;
    expect(detail.lock).toMatchObject({ isMine: false, holderName: 'Maya Patel' });

    const save = await rename(cookies.omar, made, 'Overwritten');
    expect(save.statusCode).toBe(409);
    expect(save.json().error.message).toMatch(/^Maya Patel is editing this now\. .*not saved/);
    const settings = await api.call('PATCH', cookies.omar, `/forms/${made.form.id}/settings`, {
      title: 'Mine',
    });
    expect(settings.statusCode).toBe(409);
    expect((await api.call('PUT', cookies.omar, `/forms/${made.form.id}/lock`)).statusCode).toBe(409);
    // Releasing someone else's lock does nothing.
    expect((await api.call('DELETE', cookies.omar, `/forms/${made.form.id}/lock`)).statusCode).toBe(204);
    expect((await rename(cookies.maya, made, 'Tables')).statusCode).toBe(200);
    expect(await labelNow(made)).toBe('Tables');

    // Released on leaving: the second editor may take it now.
    expect((await api.call('DELETE', cookies.maya, `/forms/${made.form.id}/lock`)).statusCode).toBe(204);
    expect(await api.takeLock(cookies.omar, `/forms/${made.form.id}`)).toMatchObject({ isMine: true });
  });

  it('lets an expired lock be taken over; the first editor can then no longer save', async () => {
    const made = await api.createForm(cookies.maya, 'Hotel', newField('text', 'Guests'));
    await api.takeLock(cookies.maya, `/forms/${made.form.id}`);
    // A refresh keeps it for another five minutes.
    const refreshed = await api.call('PUT', cookies.maya, `/forms/${made.form.id}/lock`);
    expect((refreshed.json() as LockResponse).lock.isMine).toBe(true);
    await expireLock(made.form.id);
    expect((await api.call('GET', cookies.omar, `/forms/${made.form.id}`)).json().lock).toBeNull();
    expect(await api.takeLock(cookies.omar, `/forms/${made.form.id}`)).toMatchObject({
      isMine: true,
      holderName: 'Omar Reyes',
    });
    const late = await rename(cookies.maya, made, 'Too late');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/^Omar Reyes is editing this now/);
    expect((await rename(cookies.omar, made, 'Rooms')).statusCode).toBe(200);
  });

  it('an expired lock nobody took over still lets its holder save', async () => {
    const made = await api.createForm(cookies.maya, 'Profile', newField('text', 'Company'));
    await api.takeLock(cookies.maya, `/forms/${made.form.id}`);
    await expireLock(made.form.id);
    expect((await rename(cookies.maya, made, 'Company name')).statusCode).toBe(200);
  });

  it('locks field groups the same way', async () => {
    const group = await api.createGroup(cookies.omar, 'Guest');
    const path = `/field-groups/${group.fieldGroup.id}`;
    expect(await api.takeLock(cookies.omar, path)).toMatchObject({ isMine: true });
    const save = await api.call('PUT', cookies.omar, path, {
      fieldGroup: { title: 'Guest', fieldIds: [] },
    });
    expect(save.statusCode, save.body).toBe(200);
    await api.call('DELETE', cookies.omar, `${path}/lock`);
    const unlocked = await api.call('PUT', cookies.omar, path, {
      fieldGroup: { title: 'Guest', fieldIds: [] },
    });
    expect(unlocked.statusCode).toBe(409);
  });
});
