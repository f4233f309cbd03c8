/** The session cookie: platform owns its name and lifetime; the auth module owns what it stands for. */
export const SESSION_COOKIE = 'portal_session';
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_MAX_AGE_S = SESSION_ABSOLUTE_MS / 1000;

/** A live session with its account, as the guards hand it to routes. */
export type SessionAccount = {
  tokenHash: string;
  accountId: string;
  email: string;
  firstName: string;
  surname: string;
  currentEventId: string | null;
};
