import { afterEach, describe, expect, it } from 'vitest';
import { meFixture } from '../test/fixtures';
import { mockApi } from '../test/render';
import { api } from './api';
import { discardEarly, keepEarly, takeEarly } from './earlyRequests';

const answer = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));

describe('early requests (decision 0053)', () => {
  afterEach(discardEarly);

  it('the first GET of a path takes the boot script answer, once; the next one asks the server', async () => {
    const { calls } = mockApi({ 'GET /api/session': { body: { me: null } } });
    keepEarly('/api/session', answer({ me: meFixture() }));
    await expect(api.get('/api/session')).resolves.toEqual({ me: meFixture() });
    expect(calls).toHaveLength(0);
    await expect(api.get('/api/session')).resolves.toEqual({ me: null });
    expect(calls).toHaveLength(1);
  });

  it('a mutation never takes an early answer', async () => {
    const { calls } = mockApi({ 'POST /api/session': { status: 204 } });
    keepEarly('/api/session', answer({ me: meFixture() }));
    await api.post('/api/session');
    expect(calls).toHaveLength(1);
    expect(takeEarly('/api/session')).toBeDefined();
  });

  it('answers nobody took are dropped once the first screen has loaded', async () => {
    const { calls } = mockApi({ 'GET /api/events/e1/shell': { body: { fresh: true } } });
    keepEarly('/api/events/e1/shell', answer({ fresh: false }));
    discardEarly();
    await expect(api.get('/api/events/e1/shell')).resolves.toEqual({ fresh: true });
    expect(calls).toHaveLength(1);
  });

  it('a failed early request is the caller’s network error, never an unhandled rejection', async () => {
    mockApi({});
    keepEarly('/api/session', Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/api/session')).rejects.toMatchObject({ status: 0 });
  });
});
