import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lock } from '../../../../shared/forms/api';

const calls: string[] = [];
const mine: Lock = { holderId: 'u1', holderName: 'Ann', expiresAt: '2026-11-28T06:00:00Z', isMine: true };
vi.mock('../../../lib/api', () => ({
  api: {
    post: (path: string) => {
      calls.push(`POST ${path}`);
      return Promise.resolve({ lock: mine });
    },
    delete: (path: string) => {
      calls.push(`DELETE ${path}`);
      return Promise.resolve(null);
    },
  },
}));

const { builderOpen, claimEarlyLock, fieldGroupBuilderLoader, landedEarlyLock, takeLockEarly, UNCLAIMED_MS } =
  await import('./earlyLock');
const { sessionKeys } = await import('../../../lib/session');

describe('the edit lock asked for by the builder route', () => {
  beforeEach(() => {
    calls.length = 0;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('is asked for once and handed to the builder that claims it, once', async () => {
    takeLockEarly('e1', 'forms', 'f1');
    takeLockEarly('e1', 'forms', 'f1');
    expect(calls).toEqual(['POST /api/events/e1/forms/f1/lock']);
    await vi.advanceTimersByTimeAsync(0);
    expect(landedEarlyLock('e1', 'forms', 'f1')).toBe(mine);
    const answer = claimEarlyLock('e1', 'forms', 'f1');
    expect(await answer).toEqual({ lock: mine });
    expect(claimEarlyLock('e1', 'forms', 'f1')).toBeNull();
    expect(landedEarlyLock('e1', 'forms', 'f1')).toBeNull();
    // Claimed: not given back later.
    await vi.advanceTimersByTimeAsync(UNCLAIMED_MS + 1);
    expect(calls).toEqual(['POST /api/events/e1/forms/f1/lock']);
  });

  it('is given back when no builder claims it in time', async () => {
    takeLockEarly('e1', 'forms', 'f2');
    await vi.advanceTimersByTimeAsync(UNCLAIMED_MS + 1);
    expect(calls).toEqual(['POST /api/events/e1/forms/f2/lock', 'DELETE /api/events/e1/forms/f2/lock']);
    expect(claimEarlyLock('e1', 'forms', 'f2')).toBeNull();
  });

  it('is not asked for while a builder of the same lock is open (its lock is its own)', async () => {
    const closed = builderOpen('e1', 'forms', 'f3');
    takeLockEarly('e1', 'forms', 'f3');
    expect(calls).toEqual([]);
    expect(claimEarlyLock('e1', 'forms', 'f3')).toBeNull();
    closed();
    takeLockEarly('e1', 'forms', 'f3');
    expect(calls).toEqual(['POST /api/events/e1/forms/f3/lock']);
    // A builder that opened without claiming it (another route) is not robbed of the lock.
    const again = builderOpen('e1', 'forms', 'f3');
    await vi.advanceTimersByTimeAsync(UNCLAIMED_MS + 1);
    expect(calls).toEqual(['POST /api/events/e1/forms/f3/lock']);
    again();
  });
});

describe("the field-group builder route's loader", () => {
  beforeEach(() => {
    calls.length = 0;
  });
  const signedIn = (permissions: string) => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(sessionKeys.me, {
      currentEventId: 'e2',
      events: [{ id: 'e2', shortName: 'Expo', permissions }],
    });
    return queryClient;
  };
  const open = (queryClient: QueryClient, fieldGroupId: string) =>
    fieldGroupBuilderLoader(queryClient)({ params: { fieldGroupId } } as unknown as LoaderFunctionArgs);

  it("asks for an admin's lock on the group before the builder mounts, and the builder claims it", async () => {
    expect(await open(signedIn('admin'), 'g1')).toBeNull();
    expect(calls).toEqual(['POST /api/events/e2/field-groups/g1/lock']);
    expect(await claimEarlyLock('e2', 'field-groups', 'g1')).toEqual({ lock: mine });
  });

  it("asks for nothing below the field groups' level (the guard sends them away)", async () => {
    await open(signedIn('moderator'), 'g2');
    expect(calls).toEqual([]);
    expect(claimEarlyLock('e2', 'field-groups', 'g2')).toBeNull();
  });
});
