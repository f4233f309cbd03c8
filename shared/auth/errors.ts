/**
 * Identity errors travel as `auth/<code>` and are shown with the spec's friendly texts.
 * The server sends the code; the client maps it here, so wording lives in one place.
 */
export const AUTH_ERROR_MESSAGES = {
  'auth/wrong-password': 'The password provided is incorrect.',
  'auth/user-not-found': 'No user found with the provided identifier.',
  'auth/email-already-in-use': 'The email address is already in use by another account.',
  'auth/weak-password': 'The password provided is too weak.',
  'auth/invalid-email': 'The email address provided is invalid.',
  'auth/too-many-requests': 'Too many requests. Please try again later.',
  'auth/requires-recent-login': 'Please log in again to perform this operation.',
  'auth/network-request-failed': 'A network request failed. Please check your connection and try again.',
  'auth/user-disabled': 'The user account has been disabled.',
  'auth/expired-action-code': 'The action code has expired. Please request a new one.',
  'auth/invalid-action-code': 'The action code provided is invalid.',
  'auth/invalid-credential': 'The email or password is incorrect.',
  'auth/unauthenticated': 'Please sign in to continue.',
  'auth/unknown': 'An unknown error occurred. Please try again.',
} as const;

export type AuthErrorCode = keyof typeof AUTH_ERROR_MESSAGES;

export function isAuthErrorCode(code: string): code is AuthErrorCode {
  return code in AUTH_ERROR_MESSAGES;
}

/** Friendly text for any `auth/...` code; unknown codes get the spec's unknown text. */
export function authErrorMessage(code: string): string {
  return isAuthErrorCode(code) ? AUTH_ERROR_MESSAGES[code] : AUTH_ERROR_MESSAGES['auth/unknown'];
}
