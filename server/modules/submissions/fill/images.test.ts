import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDetail } from '../../../../shared/forms/api';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { uploadAs } from '../../files/fileTestKit';
import { captionJpeg } from '../../files/samples';
import { formsApi, newField } from '../../forms/formsTestKit';
import { teamTaskWorld } from '../../tasks/teamTaskTestKit';

// Image fields name an asset id; the reads a screen renders turn it into the event's image.

describe("image fields' images in the fill, submission and guest reads", () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let w: Awaited<ReturnType<typeof teamTaskWorld>>;
  let forms: ReturnType<typeof formsApi>;
  let form: FormDetail;
  let hall: { id: string };
  let foreign: { id: string };
  const hallField = newField('image', 'The hall');
  const foreignField = newField('image', 'Not ours');

  const newAsset = async (cookie: string, event: string, name: string) => {
    const bytes = await captionJpeg(name, ['#0b3d91', '#37a0e6'], { width: 1200, height: 800 });
    const file = await uploadAs(t, cookie, event, 'asset', 'hall.jpg', bytes);
    expect(file.statusCode, file.body).toBe(201);
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event}/assets`,
      headers: { cookie },
      payload: { name, altText: `${name}, seen from the entrance`, fileId: file.json().id },
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json() as { id: string };
  };

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    w = await teamTaskWorld(t, eventId);
    forms = formsApi(t, eventId);
    const otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
    hall = await newAsset(w.admin, eventId, 'Main hall');
    foreign = await newAsset(otherAdmin, otherEventId, 'Their hall');
    Object.assign(hallField, { assetId: hall.id });
    Object.assign(foreignField, { assetId: foreign.id });
    const made = await forms.createForm(w.admin, 'Venue guide');
    await forms.takeLock(w.admin, `/forms/${made.form.id}`);
    const saved = await forms.call('PUT', w.admin, `/forms/${made.form.id}`, {
      form: { title: 'Venue guide', isPublished: true, fieldIds: [hallField.id, foreignField.id] },
      newFields: [hallField, foreignField],
      removedFieldIds: [made.fields[0].id],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    form = saved.json() as FormDetail;
  });
  afterAll(() => t.close());

  const guestRead = (url: string) => t.app.inject({ method: 'GET', url });

  it("gives a team member the event's image at its sizes with its alt text, never another event's", async () => {
    const res = await forms.call('GET', w.exhibitor.cookie, `/my-forms/${form.form.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const images = res.json().definition.images as Record<
      string,
      { src: string; srcSet: string; altText: string }
    >;
    expect(Object.keys(images)).toEqual([hall.id]);
    const image = images[hall.id];
    expect(image?.altText).toBe('Main hall, seen from the entrance');
    expect(image?.src).toMatch(new RegExp(`^/api/events/${eventId}/files/[0-9a-f-]{36}\\?size=small$`));
    expect(image?.srcSet).toMatch(/\?size=small 960w, .+\?size=medium 1440w, .+\?size=large 1920w$/);
    const served = await t.app.inject({
      method: 'GET',
      url: image?.src ?? '',
      headers: { cookie: w.exhibitor.cookie },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\//);
  });

  it('lets a guest see the image of a public form only, through the guest file route', async () => {
    const notPublic = await guestRead(`/api/guests/forms/${form.form.id}`);
    expect(notPublic.statusCode).toBe(404);
    const member = (await forms.call('GET', w.exhibitor.cookie, `/my-forms/${form.form.id}`)).json();
    const fileId = /files\/([0-9a-f-]{36})/.exec(member.definition.images[hall.id].src)?.[1];
    // While the form is not public, the asset's file is not a guest's to read.
    expect((await guestRead(`/api/guests/files/${fileId}?size=small`)).statusCode).toBe(404);

    const made = await forms.call('PATCH', w.admin, `/forms/${form.form.id}/settings`, {
      title: 'Venue guide',
      isPublished: true,
      isPublic: true,
    });
    expect(made.statusCode, made.body).toBe(200);
    const res = await guestRead(`/api/guests/forms/${form.form.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const image = res.json().images[hall.id];
    expect(image.src).toBe(`/api/guests/files/${fileId}?size=small`);
    expect(res.json().images[foreign.id]).toBeUndefined();
    const served = await guestRead(image.src);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\//);
  });
});
