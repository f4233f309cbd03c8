import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDetail } from '../../../../shared/forms/api';
import { BYTES_PER_MB } from '../../../../shared/forms/registry/files';
import type { GuestUpload, SubmissionUpload } from '../../../../shared/forms/submissionsApi';
import { createTestApp, makeEvent, makeUser, nextAddress, signIn, type TestApp } from '../../../test/harness';
import { multipartBody, uploadAs } from '../../files/fileTestKit';
import { makePdf } from '../../files/samples';
import { CLAIM_ERROR } from '../../files/service';
import { files } from '../../files/tables';
import { formsApi, newField } from '../../forms/formsTestKit';
import { teamTaskWorld } from '../../tasks/teamTaskTestKit';
import { guestSubmissionId } from '../guest/policy';
import { GUEST_UPLOADS_PER_HOUR } from '../guest/routes';
import { submissionPdfContent } from '../pdf/service';
import { findSubmission } from '../queries';
import { formSubmissions } from '../tables';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe('uploads in form submissions, their access and the submission PDF', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let w: Awaited<ReturnType<typeof teamTaskWorld>>;
  let forms: ReturnType<typeof formsApi>;
  let form: FormDetail;
  let owner: string;
  let member: string;
  let sponsor: string;
  let otherAdmin: string;
  const plan = newField('upload', 'Floor plan', { accept: ['docs'], hasMaxFileSize: true, maxFileSizeMB: 1 });
  const photos = newField('upload', 'Stand photos', { accept: ['images'], isMulti: true });
  const notes = newField('text', 'Notes for the build crew');

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    w = await teamTaskWorld(t, eventId);
    forms = formsApi(t, eventId);
    owner = w.exhibitor.cookie;
    member = (await w.member(w.exhibitor.id, 'Mia', 'Baker')).cookie;
    sponsor = w.sponsor.cookie;
    otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
    const made = await forms.createForm(w.admin, 'Stand plans');
    await forms.takeLock(w.admin, `/forms/${made.form.id}`);
    const saved = await forms.call('PUT', w.admin, `/forms/${made.form.id}`, {
      form: { title: 'Stand plans', isPublished: true, fieldIds: [plan.id, photos.id, notes.id] },
      newFields: [plan, photos, notes],
      removedFieldIds: [made.fields[0].id],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    form = saved.json() as FormDetail;
  });
  afterAll(() => t.close());

  const upload = (
    cookie: string,
    fieldId: string,
    name: string,
    bytes: Buffer,
    query: Record<string, string> = {},
    event = eventId,
  ) => {
    const body = multipartBody(name, bytes);
    const search = new URLSearchParams({ fieldId, ...query });
    return t.app.inject({
      method: 'POST',
      url: `/api/events/${event}/my-forms/${form.form.id}/files?${search}`,
      headers: { cookie, 'content-type': body.contentType, 'x-requested-with': 'XMLHttpRequest' },
      payload: body.payload,
    });
  };
  const guestUpload = (
    fieldId: string,
    name: string,
    bytes: Buffer,
    query: Record<string, string> = {},
    address = nextAddress(),
  ) => {
    const body = multipartBody(name, bytes);
    return t.app.inject({
      method: 'POST',
      url: `/api/guests/forms/${form.form.id}/files?${new URLSearchParams({ fieldId, ...query })}`,
      headers: { 'content-type': body.contentType, 'x-requested-with': 'XMLHttpRequest' },
      payload: body.payload,
      remoteAddress: address,
    });
  };
  const mine = (cookie: string, path: string, method: 'GET' | 'PUT' | 'POST' = 'GET', payload?: object) =>
    forms.call(method, cookie, `/my-forms/${form.form.id}${path}`, payload);
  const fileRows = () => t.ctx.db.select().from(files).where(eq(files.ownerKind, 'submissionFile'));
  const pdf = makePdf(['Stand 14 floor plan']);

  let submissionId: string;
  let planFile: SubmissionUpload['file'];

  it('stores an upload under forms/submissions/{submissionId}/{fieldId} and claims it with the draft', async () => {
    const sent = await upload(owner, plan.id, 'plan.pdf', pdf);
    expect(sent.statusCode, sent.body).toBe(201);
    const answer = sent.json() as SubmissionUpload;
    submissionId = answer.submissionId;
    planFile = answer.file;
    expect(planFile).toMatchObject({ name: 'plan.pdf', size: pdf.length, type: 'application/pdf' });
    expect(planFile.path).toBe(`forms/submissions/${submissionId}/${plan.id}`);
    const [row] = await t.ctx.db
      .select()
      .from(files)
      .where(eq(files.id, planFile.id ?? ''));
    expect(row?.storageKey.startsWith(`${eventId}/forms/submissions/${submissionId}/${plan.id}/`)).toBe(true);
    expect(row?.ownerId).toBeNull();

    // The first save takes the id the upload was stored under, and the file becomes the draft's.
    const draft = await mine(owner, '/draft', 'PUT', {
      values: { [plan.id]: [{ ...planFile, size: 1, name: 'renamed.pdf' }] },
      version: null,
      submissionId,
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().id).toBe(submissionId);
    const [claimed] = await t.ctx.db
      .select()
      .from(files)
      .where(eq(files.id, planFile.id ?? ''));
    expect(claimed?.ownerId).toBe(submissionId);
    // The answer holds the server's record of the file, never what the browser said of it.
    const stored = await findSubmission(t.ctx.db, { eventId, formId: form.form.id, submissionId });
    expect(stored.values[plan.id]).toEqual([
      { ...planFile, url: `/api/events/${eventId}/files/${planFile.id}` },
    ]);
  });

  it('refuses files the field does not accept, too large, or not what they say, at the field', async () => {
    const before = (await fileRows()).length;
    const image = await upload(owner, plan.id, 'render.png', PNG, { submissionId });
    expect(image.statusCode).toBe(400);
    expect(image.json().error.message).toBe(
      '"render.png" is not an accepted file type. Upload a document (PDF, Word, spreadsheet, presentation or text)',
    );
    expect(image.json().error.issues[0].path).toEqual([plan.id]);
    const big = await upload(owner, plan.id, 'big.pdf', Buffer.concat([pdf, Buffer.alloc(1_000_001)]), {
      submissionId,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe('"big.pdf" is larger than the 1 MB limit');
    const fake = await upload(owner, plan.id, 'fake.pdf', PNG, { submissionId });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.message).toBe("The file's contents do not match its extension");
    const notUpload = await upload(owner, notes.id, 'plan.pdf', pdf);
    expect(notUpload.statusCode).toBe(400);
    expect(notUpload.json().error.message).toBe('This field does not take files');
    const unknownField = await upload(owner, crypto.randomUUID(), 'plan.pdf', pdf);
    expect(unknownField.statusCode).toBe(400);
    // Not through the platform's generic route, which cannot check the form and field.
    expect((await uploadAs(t, owner, eventId, 'submissionFile', 'plan.pdf', pdf)).statusCode).toBe(403);
    // Another team's submission, and another event, as missing; nobody outside a team starts one.
    expect((await upload(sponsor, plan.id, 'plan.pdf', pdf, { submissionId })).statusCode).toBe(404);
    expect((await upload(otherAdmin, plan.id, 'plan.pdf', pdf, {}, otherEventId)).statusCode).toBe(404);
    const noTeam = await upload(w.admin, plan.id, 'plan.pdf', pdf);
    expect(noTeam.statusCode).toBe(403);
    expect((await fileRows()).length).toBe(before);
  });

  it("refuses another team's file, a file of another field, and a file that was never uploaded", async () => {
    const theirs = (await upload(sponsor, plan.id, 'their-plan.pdf', pdf)).json() as SubmissionUpload;
    const photo = (await upload(owner, photos.id, 'stand.png', await pngBytes(), { submissionId })).json();
    const version = (await mine(owner, '')).json().draft.version as number;
    // A file of another field: the engine refuses its kind before the file check looks at it.
    const otherField = await mine(owner, '/submit', 'POST', { values: { [plan.id]: [photo.file] }, version });
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json().error.issues[0].path).toEqual([plan.id]);
    const attempts = [
      [{ ...theirs.file, path: planFile.path }],
      [{ name: 'invented.pdf', size: 10, type: 'application/pdf' }],
      [{ ...planFile, id: crypto.randomUUID() }],
    ];
    for (const attempt of attempts) {
      const res = await mine(owner, '/submit', 'POST', { values: { [plan.id]: attempt }, version });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({
        message: 'Invalid submission data after upload',
        issues: [{ path: [plan.id], message: CLAIM_ERROR }],
      });
    }
    const [sponsorFile] = await t.ctx.db
      .select()
      .from(files)
      .where(eq(files.id, theirs.file.id ?? ''));
    expect(sponsorFile?.ownerId).toBeNull();
    // A guest cannot claim a team's file either.
    await forms.call('PATCH', w.admin, `/forms/${form.form.id}/settings`, {
      title: 'Stand plans',
      isPublished: true,
      isPublic: true,
    });
    const guestTry = await t.app.inject({
      method: 'POST',
      url: `/api/guests/forms/${form.form.id}/submissions`,
      payload: { values: { [plan.id]: [theirs.file] }, submissionId: theirs.submissionId },
      remoteAddress: nextAddress(),
    });
    expect(guestTry.statusCode).toBe(400);
  });

  it("submits with a teammate's upload, and lets the team and organisers read the files, nobody else", async () => {
    const photo = (await upload(member, photos.id, 'stand.png', await pngBytes(), { submissionId })).json();
    const version = (await mine(owner, '')).json().draft.version as number;
    const sent = await mine(owner, '/submit', 'POST', {
      values: { [plan.id]: [planFile], [photos.id]: [photo.file], [notes.id]: 'Power by 7am' },
      version,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().id).toBe(submissionId);
    const url = `/api/events/${eventId}/files/${planFile.id}`;
    for (const cookie of [owner, member, w.moderator.cookie, w.admin]) {
      const read = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(read.statusCode).toBe(200);
      expect(read.rawPayload.equals(pdf)).toBe(true);
    }
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: sponsor } })).statusCode).toBe(404);
    const elsewhere = `/api/events/${otherEventId}/files/${planFile.id}`;
    expect(
      (await t.app.inject({ method: 'GET', url: elsewhere, headers: { cookie: otherAdmin } })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/guests/files/${planFile.id}` })).statusCode).toBe(
      404,
    );
  });

  it('makes the submission a PDF for the team and organisers, with its answers and files by name', async () => {
    const teamPath = `/submissions/${submissionId}/pdf`;
    const team = await mine(owner, teamPath);
    expect(team.statusCode).toBe(200);
    expect(team.headers['content-type']).toBe('application/pdf');
    expect(team.headers['content-disposition']).toMatch(
      /^attachment; filename="stand-plans-submission-\d{4}-\d\d-\d\d\.pdf"$/,
    );
    expect(team.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const adminPath = `/forms/${form.form.id}/submissions/${submissionId}/pdf`;
    expect((await forms.call('GET', w.moderator.cookie, adminPath)).statusCode).toBe(200);
    expect((await mine(sponsor, teamPath)).statusCode).toBe(404);
    expect((await forms.call('GET', owner, adminPath)).statusCode).toBe(403);
    expect((await forms.call('GET', otherAdmin, adminPath, undefined, otherEventId)).statusCode).toBe(404);
    expect((await mine(owner, `/submissions/${crypto.randomUUID()}/pdf`)).statusCode).toBe(404);

    const row = await findSubmission(t.ctx.db, { eventId, formId: form.form.id, submissionId });
    const content = await submissionPdfContent(t.ctx, t.ctx.db, { eventId }, row);
    expect(content.title).toBe('Stand plans');
    expect(content.facts.map((fact) => fact.label)).toEqual(['Event', 'Team', 'Submitted at']);
    expect(content.facts[1]?.text).toBe('Harbour Bakery');
    expect(content.lines).toEqual([
      { label: 'Floor plan', text: 'plan.pdf' },
      { label: 'Stand photos', text: 'stand.png' },
      { label: 'Notes for the build crew', text: 'Power by 7am' },
    ]);
  });

  it('shows files in the export as names with links', async () => {
    const csv = await forms.call('GET', w.admin, `/forms/${form.form.id}/submissions/export?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`plan.pdf (http`);
    expect(csv.body).toContain(`/api/events/${eventId}/files/${planFile.id})`);
  });

  it('deletes a file dropped from the answers, and the files of a deleted submission', async () => {
    const view = (await mine(owner, `/submissions/${submissionId}`)).json();
    await forms.call('PATCH', w.admin, `/forms/${form.form.id}/settings`, {
      title: 'Stand plans',
      isPublished: true,
      isPublic: true,
      isEditable: true,
    });
    const photoId = (view.submission.values[photos.id] as { id: string }[])[0]?.id ?? '';
    const edited = await mine(owner, `/submissions/${submissionId}`, 'PUT', {
      values: { ...view.submission.values, [photos.id]: [] },
      version: view.submission.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await t.ctx.db.select().from(files).where(eq(files.id, photoId))).toHaveLength(0);
    const deleted = await forms.call('POST', w.admin, `/forms/${form.form.id}/submissions/delete`, {
      ids: [submissionId],
    });
    expect(deleted.statusCode).toBe(200);
    expect(
      await t.ctx.db
        .select()
        .from(files)
        .where(and(eq(files.ownerKind, 'submissionFile'), eq(files.ownerId, submissionId))),
    ).toHaveLength(0);
  });

  it('takes a second file under the id the first upload made, before any draft is saved', async () => {
    // Two files chosen before the first autosave: the second upload names the id the first made.
    const first = (await upload(sponsor, plan.id, 'plan.pdf', pdf)).json() as SubmissionUpload;
    const reserved = first.submissionId;
    const second = await upload(sponsor, photos.id, 'stand.png', await pngBytes(), {
      submissionId: reserved,
    });
    expect(second.statusCode, second.body).toBe(201);
    const photo = (second.json() as SubmissionUpload).file;
    expect(photo.path).toBe(`forms/submissions/${reserved}/${photos.id}`);
    // Nobody else may upload under it: another team, or an id no upload of theirs made.
    expect((await upload(owner, photos.id, 'x.pdf', pdf, { submissionId: reserved })).statusCode).toBe(404);
    const unknown = { submissionId: crypto.randomUUID() };
    expect((await upload(sponsor, plan.id, 'plan.pdf', pdf, unknown)).statusCode).toBe(404);
    // The first save takes the id with both files.
    const draft = await mine(sponsor, '/draft', 'PUT', {
      values: { [plan.id]: [first.file], [photos.id]: [photo] },
      version: null,
      submissionId: reserved,
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().id).toBe(reserved);
    const claimed = await t.ctx.db
      .select()
      .from(files)
      .where(and(eq(files.ownerKind, 'submissionFile'), eq(files.ownerId, reserved)));
    expect(claimed.map((row) => row.name).sort()).toEqual(['plan.pdf', 'stand.png']);
  });

  it("stores a loop's file under its template and loop, and refuses it in another loop", async () => {
    const group = await forms.createGroup(w.admin, 'Staff');
    const groupPath = `/field-groups/${group.fieldGroup.id}`;
    await forms.takeLock(w.admin, groupPath);
    const badge = newField('upload', 'Badge photo', { accept: ['images'] });
    const grouped = await forms.call('PUT', w.admin, groupPath, {
      fieldGroup: { title: 'Staff', fieldIds: [badge.id], logicMap: {} },
      newFields: [badge],
    });
    expect(grouped.statusCode, grouped.body).toBe(200);
    const made = await forms.createForm(w.admin, 'Staff badges');
    await forms.takeLock(w.admin, `/forms/${made.form.id}`);
    const staff = newField('template', 'Staff', {
      fieldGroupId: group.fieldGroup.id,
      isLooping: true,
      maxLoops: 3,
    });
    const saved = await forms.call('PUT', w.admin, `/forms/${made.form.id}`, {
      form: { title: 'Staff badges', isPublished: true, fieldIds: [staff.id] },
      newFields: [staff],
      removedFieldIds: [made.fields[0].id],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = multipartBody('ann.png', await pngBytes());
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/my-forms/${made.form.id}/files?fieldId=${badge.id}&templateFieldId=${staff.id}&loopIndex=1`,
      headers: { cookie: owner, 'content-type': body.contentType, 'x-requested-with': 'XMLHttpRequest' },
      payload: body.payload,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const answer = sent.json() as SubmissionUpload;
    expect(answer.file.path).toBe(`forms/submissions/${answer.submissionId}/${staff.id}/1/${badge.id}`);
    const loops = (at: number) => ({
      [staff.id]: {
        loopCount: 2,
        templateValues: at === 0 ? [{ [badge.id]: [answer.file] }, {}] : [{}, { [badge.id]: [answer.file] }],
      },
    });
    const draft = (values: object) =>
      forms.call('PUT', owner, `/my-forms/${made.form.id}/draft`, {
        values,
        version: null,
        submissionId: answer.submissionId,
      });
    const wrongLoop = await draft(loops(0));
    expect(wrongLoop.statusCode).toBe(400);
    expect(wrongLoop.json().error.issues).toEqual([{ path: [staff.id, 0, badge.id], message: CLAIM_ERROR }]);
    const right = await draft(loops(1));
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().id).toBe(answer.submissionId);
    const [row] = await t.ctx.db
      .select()
      .from(files)
      .where(eq(files.id, answer.file.id ?? ''));
    expect(row?.ownerId).toBe(answer.submissionId);
    expect(row?.storageKey.startsWith(`${eventId}/${answer.file.path}/`)).toBe(true);
  });

  it("streams a document to the store, the field's limit held while it arrives, nothing stored past it", async () => {
    const stored = async () => {
      const keys: string[] = [];
      for await (const object of t.ctx.storage.list(`${eventId}/forms/submissions/`)) keys.push(object.key);
      return keys.sort();
    };
    const before = await stored();
    const rows = (await fileRows()).length;
    // Over the field's 1 MB, well past the first chunk read to check the type: cut while streaming.
    const over = Buffer.concat([pdf, Buffer.alloc(3 * 1024 * 1024, 7)]);
    const big = await upload(owner, plan.id, 'stream.pdf', over, { submissionId });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe('"stream.pdf" is larger than the 1 MB limit');
    const guestBig = await guestUpload(plan.id, 'guest.pdf', over);
    expect(guestBig.statusCode).toBe(413);
    expect(guestBig.json().error.message).toBe('"guest.pdf" is larger than the 1 MB limit');
    // A kind the field refuses and too large: too large first, as when uploads were read whole.
    const wrongAndBig = await upload(owner, plan.id, 'render.png', over, { submissionId });
    expect(wrongAndBig.statusCode).toBe(413);
    expect(await stored()).toEqual(before);
    expect((await fileRows()).length).toBe(rows);
    // Just under the limit it is stored whole, byte for byte.
    const fits = Buffer.concat([pdf, Buffer.alloc(BYTES_PER_MB - pdf.length - 1024, 9)]);
    const sent = await upload(owner, plan.id, 'fits.pdf', fits, { submissionId });
    expect(sent.statusCode, sent.body).toBe(201);
    const file = (sent.json() as SubmissionUpload).file;
    expect(file.size).toBe(fits.length);
    const [row] = await t.ctx.db
      .select()
      .from(files)
      .where(eq(files.id, file.id ?? ''));
    const body = await t.ctx.storage.read(row?.storageKey ?? '');
    const chunks: Buffer[] = [];
    for await (const chunk of body ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(fits)).toBe(true);
  });

  it('lets guests upload to a public form, ties the files to their submission, and limits an address', async () => {
    const sent = await guestUpload(plan.id, 'guest-plan.pdf', pdf);
    expect(sent.statusCode, sent.body).toBe(201);
    const answer = sent.json() as GuestUpload;
    expect(answer.file.url).toBeUndefined();
    // The guest holds a 256-bit token; the submission's id is worked out from it on the server.
    expect(answer.submissionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const submissionId = guestSubmissionId(answer.submissionId);
    expect(answer.file.path).toBe(`forms/submissions/${submissionId}/${plan.id}`);
    const refused = await guestUpload(plan.id, 'photo.png', PNG);
    expect(refused.statusCode).toBe(400);
    const submitted = await t.app.inject({
      method: 'POST',
      url: `/api/guests/forms/${form.form.id}/submissions`,
      payload: { values: { [plan.id]: [answer.file] }, submissionId: answer.submissionId },
      remoteAddress: nextAddress(),
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    expect(submitted.json().id).toBe(submissionId);
    const [row] = await t.ctx.db
      .select()
      .from(files)
      .where(eq(files.id, answer.file.id ?? ''));
    expect(row?.ownerId).toBe(submissionId);
    const [stored] = await t.ctx.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.id, submissionId));
    expect(stored?.isGuest).toBe(true);
    // The organisers read it; the submitting guest cannot, nor can a team.
    const url = `/api/events/${eventId}/files/${answer.file.id}`;
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: w.admin } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: owner } })).statusCode).toBe(404);
    // A stored submission takes no more guest files.
    expect(
      (await guestUpload(plan.id, 'more.pdf', pdf, { submissionId: answer.submissionId })).statusCode,
    ).toBe(404);

    const address = nextAddress();
    let last = 0;
    for (let i = 0; i <= GUEST_UPLOADS_PER_HOUR; i += 1) {
      last = (await guestUpload(notes.id, 'x.pdf', Buffer.from('%PDF-'), {}, address)).statusCode;
    }
    expect(last).toBe(429);
    const limited = await guestUpload(plan.id, 'x.pdf', pdf, {}, address);
    expect(limited.json().error.message).toBe('Too many uploads from your address. Please try again later.');
  });

  it("deletes the stored files of a form's submissions with the form, once the delete has committed", async () => {
    const rows = await t.ctx.db
      .select()
      .from(files)
      .innerJoin(formSubmissions, eq(formSubmissions.id, files.ownerId))
      .where(and(eq(files.ownerKind, 'submissionFile'), eq(formSubmissions.formId, form.form.id)));
    expect(rows.length).toBeGreaterThan(0);
    const keys = rows.map((row) => row.files.storageKey);
    for (const key of keys) expect(await t.ctx.storage.read(key)).not.toBeNull();
    // Another event's admin cannot delete it, and its files stay.
    const refused = await forms.call(
      'POST',
      otherAdmin,
      '/forms/delete',
      { ids: [form.form.id] },
      otherEventId,
    );
    expect(refused.statusCode).toBe(404);
    for (const key of keys) expect(await t.ctx.storage.read(key)).not.toBeNull();

    const deleted = await forms.call('POST', w.admin, '/forms/delete', { ids: [form.form.id] });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await t.ctx.db
      .select()
      .from(files)
      .where(
        inArray(
          files.id,
          rows.map((row) => row.files.id),
        ),
      );
    expect(left).toHaveLength(0);
    for (const key of keys) expect(await t.ctx.storage.read(key)).toBeNull();
  });
});

/** A small real PNG (the platform decodes raster images before storing them). */
async function pngBytes(): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width: 4, height: 4, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
}
