import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import { meFixture } from '../test/fixtures';
import { mockApi } from '../test/render';
import { api } from './api';
import { prefetchForEvent } from './guards';
import { createQueryClient } from './queryClient';
import { currentEventOf, sessionKeys } from './session';

const args = (params: Record<string, string>) => ({ params }) as unknown as LoaderFunctionArgs;

describe('prefetchForEvent (decision 0053)', () => {
  it("starts the screen's answer for the session's event without holding the navigation for it", async () => {
    const queryClient = createQueryClient();
    const me = meFixture();
    queryClient.setQueryData(sessionKeys.me, me);
    const eventId = currentEventOf(me)?.id ?? '';
    let answer: (value: unknown) => void = () => undefined;
    const pending = new Promise((resolve) => (answer = resolve));
    const loader = prefetchForEvent(queryClient, (id, { formId }) => ({
      queryKey: ['form', id, formId],
      queryFn: () => pending,
    }));
    // The loader is done while the answer is still on its way.
    await expect(loader(args({ formId: 'f1' }))).resolves.toBeNull();
    expect(queryClient.getQueryState(['form', eventId, 'f1'])?.fetchStatus).toBe('fetching');
    answer({ title: 'Catering' });
    await expect.poll(() => queryClient.getQueryData(['form', eventId, 'f1'])).toEqual({ title: 'Catering' });
  });

  it('asks nothing when the route has no answer to start, or nobody is signed in', async () => {
    const { calls } = mockApi({ 'GET /api/session': { body: { me: null } } });
    const queryClient = createQueryClient();
    const loader = prefetchForEvent(queryClient, (id) => ({
      queryKey: ['x', id],
      queryFn: () => api.get(`/api/events/${id}/x`),
    }));
    await expect(loader(args({}))).resolves.toBeNull();
    expect(calls.map((c) => c.path)).toEqual(['/api/session']);
    expect(queryClient.getQueryCache().findAll({ queryKey: ['x'] })).toHaveLength(0);

    queryClient.setQueryData(sessionKeys.me, meFixture());
    const none = prefetchForEvent(queryClient, () => null);
    await expect(none(args({}))).resolves.toBeNull();
    expect(calls).toHaveLength(1);
  });
});
