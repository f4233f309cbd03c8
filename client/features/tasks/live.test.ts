import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { submissionsLive } from '../forms/fill/live';
import { commentsLive, taskStatusesLive } from './live';

/** A query client holding one query per key; returns the keys a handler marked stale. */
function staleAfter(handler: (client: QueryClient, eventId: string) => void, keys: unknown[][]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  for (const key of keys) client.setQueryData(key, { ok: true });
  handler(client, 'e1');
  return keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key.join('/'));
}

const keys = [
  ['events', 'e1', 'tasks', 'teams', 't1', {}],
  ['events', 'e1', 'tasks', 'mine'],
  ['events', 'e1', 'tasks', 'team', 't1', 'team-a', 'comments'],
  ['events', 'e1', 'reports', 'tasks', {}],
  ['events', 'e1', 'submissions', 'my-forms', ''],
  ['events', 'e1', 'notifications', 'list'],
  ['events', 'e2', 'tasks', 'mine'],
];

describe('what the live task and submission signals refetch', () => {
  it('a status signal refreshes the event’s task screens and reports, nothing else, no other event', () => {
    expect(staleAfter(taskStatusesLive, keys)).toEqual([
      'events/e1/tasks/teams/t1/[object Object]',
      'events/e1/tasks/mine',
      'events/e1/tasks/team/t1/team-a/comments',
      'events/e1/reports/tasks/[object Object]',
    ]);
  });

  it('a comment signal refreshes the conversations only', () => {
    expect(staleAfter(commentsLive, keys)).toEqual(['events/e1/tasks/team/t1/team-a/comments']);
  });

  it('a submission signal refreshes the forms list and the reports', () => {
    expect(staleAfter(submissionsLive, keys)).toEqual([
      'events/e1/reports/tasks/[object Object]',
      'events/e1/submissions/my-forms/',
    ]);
  });
});
