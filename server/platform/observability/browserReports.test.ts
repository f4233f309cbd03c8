import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { securityHeaders } from '../http/security';
import { browserReportOrigin, withBrowserDsn } from './browserReports';

const PAGE = '<html><head><title>Event Portal</title>\n  </head><body></body></html>';
const DSN = 'https://publickey@reports.example:8443/sentry/42';

describe('browser error reports as the server sets them up (decision 0043)', () => {
  it('puts the DSN in the page only when one is configured, escaped as an attribute', () => {
    expect(withBrowserDsn(PAGE, undefined)).toBe(PAGE);
    expect(withBrowserDsn(PAGE, DSN)).toContain(`<meta name="error-reports-dsn" content="${DSN}" />`);
    expect(withBrowserDsn(PAGE, 'https://k@x.example/1"><script>')).toContain(
      'content="https://k@x.example/1&quot;&gt;&lt;script&gt;"',
    );
  });

  it('lets the page reach the DSN’s host (and Session Replay its worker) only when on', () => {
    const off = securityHeaders({ cookieSecure: true })['content-security-policy'];
    expect(off).toContain("connect-src 'self';");
    expect(off).not.toContain('worker-src');
    const on = securityHeaders({ cookieSecure: true, browserSentryDsn: DSN })['content-security-policy'];
    expect(browserReportOrigin(DSN)).toBe('https://reports.example:8443');
    expect(on).toContain("connect-src 'self' https://reports.example:8443;");
    expect(on).toContain("worker-src 'self' blob:");
  });

  it('takes SENTRY_BROWSER_DSN, else SENTRY_DSN, and refuses one that is not a DSN', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).browserSentryDsn).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', SENTRY_DSN: DSN }).browserSentryDsn).toBe(DSN);
    const both = loadConfig({
      NODE_ENV: 'test',
      SENTRY_DSN: DSN,
      SENTRY_BROWSER_DSN: 'https://b@browser.example/7',
    });
    expect(both.browserSentryDsn).toBe('https://b@browser.example/7');
    expect(both.sentryDsn).toBe(DSN);
    expect(() => loadConfig({ NODE_ENV: 'test', SENTRY_BROWSER_DSN: 'https://no-key.example/1' })).toThrow(
      /SENTRY_BROWSER_DSN/,
    );
  });
});
