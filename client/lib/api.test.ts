import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { meResponseSchema } from '../../shared/auth/schema';
import { errorBodySchema } from '../../shared/http/errors';
import { route } from '../../shared/http/route';
import { meFixture } from '../test/fixtures';
import { mockApi } from '../test/render';
import { type Answer, ApiError, api, call, readErrorBody, routeUrl, toQueryString } from './api';

type Me = Answer<typeof meResponseSchema>;

describe('api', () => {
  it('gets JSON with the same-origin cookie session, typed by the contract and passed on as it is', async () => {
    const { calls } = mockApi({ 'GET /api/me': { body: meFixture() } });
    const me = await api.get<Me>('/api/me');
    expect(me).toEqual(meFixture());
    expect(me.account.firstName).toBe('Ada');
    expect(calls[0].init?.credentials).toBe('same-origin');
    expect(calls[0].init?.body).toBeUndefined();
  });

  it('always sends a JSON body on mutations, {} when there is nothing to say', async () => {
    const { calls } = mockApi({ 'POST /api/auth/logout': { status: 204 } });
    await expect(api.post('/api/auth/logout')).resolves.toBeUndefined();
    expect(calls[0].init?.body).toBe('{}');
    expect(new Headers(calls[0].init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('throws the server error shape as an ApiError', async () => {
    const issues = [{ path: ['event', 'startDate'], message: 'Enter a date as YYYY-MM-DD' }];
    mockApi({
      'POST /api/setup': {
        status: 400,
        body: { error: { code: 'validation', message: 'Invalid input', issues } },
      },
    });
    const error = await api.post('/api/setup', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation', message: 'Invalid input', issues });
  });

  it('reports a network failure as auth/network-request-failed', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get<Me>('/api/me')).rejects.toMatchObject({
      status: 0,
      code: 'auth/network-request-failed',
    });
  });

  it("words a failure without our error shape as the spec's 'Error: <status>'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(api.get<Me>('/api/me')).rejects.toMatchObject({
      status: 502,
      message: 'Error: 502',
    });
  });

  it('keeps the request id of a failure, for the reference a person quotes to support', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        Response.json(
          {
            error: {
              code: 'internal',
              message: 'Something went wrong. Please try again later',
              requestId: 'req-1234abcd',
            },
          },
          { status: 500 },
        ),
      ),
    );
    await expect(api.get<Me>('/api/me')).rejects.toMatchObject({
      status: 500,
      requestId: 'req-1234abcd',
    });
  });

  it('reads the error shape exactly as the shared errorBodySchema does (the client has no Zod)', () => {
    const text = fc.oneof(fc.string(), fc.constantFrom('validation', 'not-found', ''));
    const part = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
    const issue = fc.oneof(
      fc.record({ path: fc.array(part, { maxLength: 3 }), message: fc.oneof(text, fc.integer()) }),
      fc.record({ path: fc.array(part, { maxLength: 3 }), message: text }, { requiredKeys: ['message'] }),
      fc.anything(),
    );
    const error = fc.record(
      {
        code: fc.oneof(text, fc.integer(), fc.constant(null)),
        message: fc.oneof(text, fc.constant(undefined)),
        issues: fc.oneof(fc.array(issue, { maxLength: 3 }), fc.constant(undefined), fc.string()),
        requestId: fc.oneof(text, fc.integer(), fc.constant(undefined)),
        extra: fc.anything(),
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(fc.record({ error }), fc.record({ error: fc.anything() }), fc.anything());
    fc.assert(
      fc.property(body, (value) => {
        const parsed = errorBodySchema.safeParse(value);
        expect(readErrorBody(value)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 2000 },
    );
  });

  it('builds query strings without empty values', () => {
    expect(toQueryString({ page: 2, search: '', sort: 'firstName', permissions: null, x: undefined })).toBe(
      '?page=2&sort=firstName',
    );
    expect(toQueryString({})).toBe('');
  });
});

describe('call: a route by its descriptor (decision 0067)', () => {
  const EVENT = '0b6f7f0e-4d5e-4a43-9c39-7b2f4a4c7f11';
  const list = route('GET', '/api/events/:eventId/things')
    .query<{ page?: number; search?: string }>()
    .answer<{
      items: string[];
    }>();
  const rename = route('PUT', '/api/events/:eventId/things/:thingId').body<{ name: string }>().answer<{
    id: string;
    name: string;
  }>();

  it('fills the params, adds the query without empty values, and answers as typed', async () => {
    const { calls } = mockApi({ [`GET /api/events/${EVENT}/things`]: { body: { items: ['a'] } } });
    const answer = await call(list, { params: { eventId: EVENT }, query: { page: 2, search: '' } });
    expect(answer.items).toEqual(['a']);
    expect(calls[0].method).toBe('GET');
    expect(calls[0].query.toString()).toBe('page=2');
  });

  it('sends the body with the route s method, and encodes each param', async () => {
    const { calls } = mockApi({
      [`PUT /api/events/${EVENT}/things/a%2Fb%20c`]: { body: { id: 'a/b c', name: 'Renamed' } },
    });
    const answer = await call(rename, {
      params: { eventId: EVENT, thingId: 'a/b c' },
      body: { name: 'Renamed' },
    });
    expect(answer.name).toBe('Renamed');
    expect(calls[0].method).toBe('PUT');
    expect(calls[0].body).toEqual({ name: 'Renamed' });
  });

  it('throws the server s 400 with its issues, for the form to place (setServerErrors)', async () => {
    const issues = [{ path: ['name'], message: 'Enter a name' }];
    mockApi({
      [`PUT /api/events/${EVENT}/things/t1`]: {
        status: 400,
        body: { error: { code: 'validation', message: 'Invalid values', issues } },
      },
    });
    const failure = await call(rename, {
      params: { eventId: EVENT, thingId: 't1' },
      body: { name: '' },
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).issues).toEqual(issues);
  });

  it('gives a route s address for links and uploads, and refuses a missing param', () => {
    expect(routeUrl(list, { params: { eventId: EVENT }, query: { page: 1, search: 'x y' } })).toBe(
      `/api/events/${EVENT}/things?page=1&search=x+y`,
    );
    expect(() => routeUrl(rename, { params: { eventId: EVENT } as never })).toThrow(/:thingId/);
  });
});
