import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api';
import { browserDsn, reportError, resetErrorReportsForTests, startErrorReports } from './errorReports';

// The SDK module as the default loader imports it: this factory runs only if it is imported.
const sdk = vi.hoisted(() => ({ imported: false, captured: [] as [unknown, unknown][] }));
vi.mock('./errorReportsSdk', () => {
  sdk.imported = true;
  return {
    startSdk: () => ({ capture: (error: unknown, context: unknown) => sdk.captured.push([error, context]) }),
  };
});

const DSN = 'https://publickey@reports.example/42';

describe('browser error reports: off unless the page names a DSN (decision 0043)', () => {
  afterEach(() => {
    resetErrorReportsForTests();
    sdk.captured.length = 0;
    document.head.innerHTML = '';
    vi.unstubAllGlobals();
  });

  it('without a DSN never imports the SDK module, and reporting does nothing', async () => {
    expect(browserDsn()).toBeNull();
    await startErrorReports();
    reportError(new Error('nobody hears this'), { source: 'error-screen' });
    expect(sdk.imported).toBe(false);
    expect(sdk.captured).toEqual([]);
  });

  it('reads the DSN from the page the server sent', () => {
    document.head.innerHTML = `<meta name="error-reports-dsn" content="${DSN}">`;
    expect(browserDsn()).toBe(DSN);
  });

  it('with a DSN loads the SDK and sends what happened while it loaded', async () => {
    const early = new Error('while starting');
    const starting = startErrorReports(DSN);
    reportError(early, { source: 'error-screen' });
    await starting;
    expect(sdk.imported).toBe(true);
    expect(sdk.captured).toEqual([[early, { source: 'error-screen' }]]);
  });

  it('reports a 5xx answer with the server’s request id, and not a 4xx', async () => {
    await startErrorReports(DSN);
    const answer = (status: number) =>
      new Response(
        JSON.stringify({ error: { code: 'internal', message: 'Something went wrong', requestId: 'req-77' } }),
        {
          status,
        },
      );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(500)),
    );
    await expect(api.post('/api/events/e1/tasks?search=ada', { title: 'x' })).rejects.toBeInstanceOf(
      ApiError,
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(400)),
    );
    await expect(api.get('/api/events/e1/tasks')).rejects.toBeInstanceOf(ApiError);
    expect(sdk.captured).toHaveLength(1);
    const [error, context] = sdk.captured[0];
    expect((error as ApiError).status).toBe(500);
    expect(context).toEqual({
      source: 'server-error',
      tags: { status: '500', method: 'POST', requestId: 'req-77', path: '/api/events/e1/tasks' },
    });
  });
});
