import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { teamImportLive } from '../people/import/live';
import { editLocksLive, onLockSignal } from './locksLive';

describe('what the lock and import signals reach in the browser', () => {
  it('a lock signal wakes the open builders of that event only, until they close', () => {
    const heard: string[] = [];
    const stopA = onLockSignal('e1', () => heard.push('a'));
    onLockSignal('e1', () => heard.push('b'));
    onLockSignal('e2', () => heard.push('other event'));
    const client = new QueryClient();
    editLocksLive(client, 'e1');
    expect(heard).toEqual(['a', 'b']);
    stopA();
    editLocksLive(client, 'e1');
    expect(heard).toEqual(['a', 'b', 'b']);
  });

  it('an import signal refreshes the event’s import record and check records, nothing else', () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    const keys = [
      ['events', 'e1', 'team-imports', 'latest'],
      ['events', 'e1', 'team-imports', 'i1', 'rows', {}, 'running', 3],
      ['events', 'e1', 'teams', 'list'],
      ['events', 'e2', 'team-imports', 'latest'],
    ];
    for (const key of keys) client.setQueryData(key, { ok: true });
    teamImportLive(client, 'e1');
    const stale = keys.filter((key) => client.getQueryState(key)?.isInvalidated);
    expect(stale).toEqual(keys.slice(0, 2));
  });
});
