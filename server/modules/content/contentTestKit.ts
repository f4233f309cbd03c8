import { makeUser, signIn, type TestApp } from '../../test/harness';
import { uploadAs } from '../files/fileTestKit';
import { captionJpeg, makePdf } from '../files/samples';
import { teamApi } from '../people/teamTestKit';

/** Test helpers for content: pages made through the API and teams of a given type with a signed-in owner. */
export function contentApi(t: TestApp, eventId: string) {
  const api = teamApi(t, eventId);

  async function createPage(cookie: string, body: object = {}) {
    const res = await api.call('POST', cookie, '/content', { title: 'Exhibitor manual', ...body });
    if (res.statusCode !== 201) throw new Error(`createPage ${res.statusCode} ${res.body}`);
    return res.json() as { id: string; title: string };
  }

  async function saveSections(cookie: string, contentId: string, sections: object[]) {
    return api.call('PUT', cookie, `/content/${contentId}/sections`, { sections });
  }

  async function teamType(adminCookie: string, name: string) {
    const res = await api.call('POST', adminCookie, '/team-types', { name });
    if (res.statusCode !== 201) throw new Error(`teamType ${res.statusCode} ${res.body}`);
    return (res.json() as { id: string }).id;
  }

  /** A team of the given type whose owner can sign in; returns the team id and the owner's cookie. */
  async function typedTeam(adminCookie: string, name: string, teamTypeId: string | null) {
    const owner = await makeUser(t, eventId, 'user', { firstName: name });
    const res = await api.call('POST', adminCookie, '/teams', {
      name,
      teamTypeId,
      owner: { firstName: name, surname: 'Owner', email: owner.email },
    });
    if (res.statusCode !== 201) throw new Error(`typedTeam ${res.statusCode} ${res.body}`);
    return { id: (res.json() as { id: string }).id, cookie: await signIn(t, owner.email) };
  }

  /** A stand share (child team) under a parent, with a signed-in owner. */
  async function standShare(adminCookie: string, parentId: string, name: string) {
    const owner = await makeUser(t, eventId, 'user', { firstName: name });
    const res = await api.call('POST', adminCookie, `/teams/${parentId}/stand-shares`, {
      name,
      owner: { firstName: name, surname: 'Owner', email: owner.email },
    });
    if (res.statusCode !== 201) throw new Error(`standShare ${res.statusCode} ${res.body}`);
    return { id: (res.json() as { id: string }).id, cookie: await signIn(t, owner.email) };
  }

  /** Uploads a one-page PDF for a PDF section and answers its file id. */
  async function uploadPdf(
    cookie: string,
    name = 'Manual.pdf',
    purpose: 'contentPdf' | 'download' = 'contentPdf',
  ) {
    const res = await uploadAs(t, cookie, eventId, purpose, name, makePdf([name]));
    if (res.statusCode !== 201 && res.statusCode !== 200)
      throw new Error(`uploadPdf ${res.statusCode} ${res.body}`);
    return (res.json() as { id: string }).id;
  }

  /** An image asset of this event: its id and the file behind it. */
  async function imageAsset(cookie: string, name = 'Hall plan') {
    const photo = await captionJpeg(name, ['#0b3d91', '#37a0e6'], { width: 400, height: 300 });
    const upload = await uploadAs(t, cookie, eventId, 'asset', 'hall.jpg', photo);
    if (upload.statusCode !== 201) throw new Error(`imageAsset upload ${upload.statusCode} ${upload.body}`);
    const fileId = (upload.json() as { id: string }).id;
    const res = await api.call('POST', cookie, '/assets', { name, altText: name, fileId });
    if (res.statusCode !== 201) throw new Error(`imageAsset ${res.statusCode} ${res.body}`);
    return { id: (res.json() as { id: string }).id, fileId };
  }

  return { ...api, createPage, saveSections, teamType, typedTeam, standShare, uploadPdf, imageAsset };
}
