import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIVE_MESSAGE_TYPES, readLiveMessage } from './messages';
import { liveMessageSchema } from './schema';

describe('readLiveMessage', () => {
  it('reads a signal exactly as the server-side liveMessageSchema does (the browser has no Zod)', () => {
    const type = fc.oneof(fc.constantFrom(...LIVE_MESSAGE_TYPES), fc.string(), fc.anything());
    const value = fc.oneof(fc.record({ type, extra: fc.anything() }, { requiredKeys: [] }), fc.anything());
    fc.assert(
      fc.property(value, (input) => {
        const parsed = liveMessageSchema.safeParse(input);
        expect(readLiveMessage(input)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 2000 },
    );
  });

  it('answers the type of a known signal and null for anything else', () => {
    expect(readLiveMessage({ type: 'comments', eventId: 'x' })).toEqual({ type: 'comments' });
    expect(readLiveMessage({ type: 'toString' })).toBeNull();
    expect(readLiveMessage('comments')).toBeNull();
  });
});
