import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scrubBreadcrumb, scrubDeep, scrubEvent, scrubString } from './errorReportScrub';

const TOKEN = 'evp_9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c';

describe('what a browser error report may carry (decision 0043)', () => {
  it('keeps of the request only its address, without the query string', () => {
    const event = scrubEvent({
      event_id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      request: {
        url: `https://portal.example/auth/set-password?token=${TOKEN}`,
        cookies: { portal_session: 'secret-session-value' },
        headers: { Cookie: 'portal_session=secret', Authorization: 'Bearer x' },
        data: { password: 'Hunter2!' },
        query_string: `token=${TOKEN}`,
      },
      user: { email: 'ada@example.com', ip_address: '10.0.0.7' },
    });
    expect(event).toEqual({
      event_id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      request: { url: 'https://portal.example/auth/set-password' },
    });
  });

  it('masks e-mail addresses and tokens in messages, frames and tags, but not the ids', () => {
    const event = scrubEvent({
      user: undefined,
      event_id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      contexts: { trace: { trace_id: '0123456789abcdef0123456789abcdef', span_id: '0123456789abcdef' } },
      tags: { requestId: 'req-0123456789abcdef0123456789', source: 'server-error' },
      exception: { values: [{ type: 'Error', value: `No account for ada@example.com (${TOKEN})` }] },
      spans: [
        {
          description: `GET /api/events/1/people?search=Lovelace&email=ada@example.com`,
          data: { 'http.query': '?search=Lovelace', 'http.fragment': '#x', 'http.method': 'GET' },
        },
      ],
    });
    expect(event.exception.values[0].value).toBe('No account for [email] ([token])');
    expect(event.spans[0].description).toBe('GET /api/events/1/people');
    expect(event.spans[0].data).toEqual({ 'http.method': 'GET' });
    expect(event.contexts.trace.trace_id).toBe('0123456789abcdef0123456789abcdef');
    expect(event.tags.requestId).toBe('req-0123456789abcdef0123456789');
  });

  it('drops a breadcrumb’s bodies and headers and the query of its address', () => {
    const crumb = scrubBreadcrumb({
      category: 'fetch',
      data: {
        method: 'POST',
        url: `/api/auth/reset?token=${TOKEN}`,
        status_code: 500,
        body: '{"password":"Hunter2!"}',
        request_headers: { cookie: 'portal_session=secret' },
      },
    });
    expect(crumb).toEqual({
      category: 'fetch',
      data: { method: 'POST', url: '/api/auth/reset', status_code: 500 },
    });
  });

  it('leaves ordinary text alone: a question mark outside an address is not a query', () => {
    expect(scrubString('Are you sure? Yes')).toBe('Are you sure? Yes');
    expect(scrubString('Failed to fetch https://x.example/a/b#section')).toBe(
      'Failed to fetch https://x.example/a/b',
    );
  });

  it('never lets an e-mail address through, wherever it sits in a report', () => {
    fc.assert(
      fc.property(
        fc.emailAddress(),
        fc.string(),
        fc.constantFrom('value', 'message', 'url', 'description'),
        (email, text, key) => {
          const report = scrubDeep({
            nested: [{ [key]: `${text} ${email} ${text}` }],
            breadcrumbs: [{ message: email }],
          });
          expect(JSON.stringify(report)).not.toContain(email);
        },
      ),
    );
  });
});
