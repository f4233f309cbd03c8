/**
 * The one rule for masking personal data in an error report, used by the server's reporter
 * (server/platform/observability/errorReports.ts) and the browser's (client/lib/errorReports):
 * e-mail addresses and long token-like runs (link tokens, API tokens, session ids) are masked, and
 * a text is cut at 2,000 characters. Kept free of imports so the browser's first frame can hold it.
 */
/** An apostrophe may sit in an address's local part (o'brien@...), not in its domain. */
const EMAIL = /[^\s@<>"]+@[^\s@<>"']+\.[^\s@<>"']+/g;
/** Long runs of token-like characters: link tokens, API tokens, session ids. */
const TOKEN = /[A-Za-z0-9_\-.~+/=]{24,}/g;

/** Masks what could name or let someone in as a person in a message. */
export function scrubText(text: string): string {
  return maskEmails(text).replace(TOKEN, '[token]').slice(0, 2000);
}

export function maskEmails(text: string): string {
  return text.replace(EMAIL, '[email]');
}
