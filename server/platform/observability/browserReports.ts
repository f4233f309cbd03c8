import { parseDsn } from './errorReports';

/**
 * The browser's side of error reports (decision 0043) as the server sets it up: the DSN goes into
 * the page itself, so the browser knows before its first request whether to load the SDK (no extra
 * round trip, and a failure while starting is reported too). A DSN is a public key by design.
 */
export const BROWSER_DSN_META = 'error-reports-dsn';

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** index.html with the browser's DSN in a meta tag; unchanged when reports are off. */
export function withBrowserDsn(indexHtml: string, dsn: string | undefined): string {
  if (!dsn) return indexHtml;
  const meta = `<meta name="${BROWSER_DSN_META}" content="${escapeAttribute(dsn)}" />`;
  return indexHtml.replace('</head>', `    ${meta}\n  </head>`);
}

/** The origin the browser sends its reports to, for the content security policy's connect-src. */
export function browserReportOrigin(dsn: string | undefined): string | undefined {
  return dsn ? new URL(parseDsn(dsn).endpoint).origin : undefined;
}
