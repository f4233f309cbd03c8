import { createHash, randomBytes } from 'node:crypto';

/**
 * A guest's handle on the submission they are filling in (spec: guest submissions have unguessable
 * ids, at least 128 random bits). A v4 UUID has only 122 random bits, and every submission route
 * and contract takes UUIDs, so the guest holds a 256-bit random token instead, and the
 * submission's id is worked out from it (SHA-256, shaped as a v4 UUID). The token is what a guest's
 * uploads and submit send; knowing a submission's id (an organiser sees it) gives no token, so
 * nobody can add files to another guest's pending submission or claim theirs.
 */
export function newGuestToken(): string {
  return randomBytes(32).toString('base64url');
}

export function guestSubmissionId(token: string): string {
  const bytes = createHash('sha256').update(token).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
