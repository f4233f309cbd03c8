import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { guestTokenSchema } from '../../../../shared/forms/submissionsApi';
import { guestSubmissionId, newGuestToken } from './policy';

describe('guest tokens and the submission ids worked out from them', () => {
  it('carries 256 random bits, in the shape the guest routes accept', () => {
    const tokens = Array.from({ length: 200 }, newGuestToken);
    for (const token of tokens) {
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(guestTokenSchema.safeParse(token).success).toBe(true);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('gives each token one v4-shaped submission id, and a submission id is not a token', () => {
    const token = newGuestToken();
    const id = guestSubmissionId(token);
    expect(z.uuid({ version: 'v4' }).safeParse(id).success).toBe(true);
    expect(guestSubmissionId(token)).toBe(id);
    expect(guestSubmissionId(newGuestToken())).not.toBe(id);
    // Knowing the id (an organiser sees it) is no handle on the guest's submission.
    expect(guestTokenSchema.safeParse(id).success).toBe(false);
  });
});
