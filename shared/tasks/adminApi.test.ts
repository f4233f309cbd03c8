import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adminTaskListQuerySchema, bulkStatusBodySchema, moveItem } from './adminApi';

describe('moveItem (Move up / Move down of a group’s tasks)', () => {
  it('swaps an item with its neighbour, and leaves the list alone at either end', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('keeps every item exactly once, and moving back undoes a move', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { minLength: 2, maxLength: 20 }), fc.nat(), (items, n) => {
        const index = n % (items.length - 1);
        const moved = moveItem(items, index, 1);
        expect([...moved].sort()).toEqual([...items].sort());
        expect(moveItem(moved, index + 1, -1)).toEqual(items);
      }),
    );
  });
});

describe('admin task schemas', () => {
  it('filters the admin list by the task’s own due status only', () => {
    expect(adminTaskListQuerySchema.parse({ status: 'dueSoon' }).status).toBe('dueSoon');
    expect(adminTaskListQuerySchema.safeParse({ status: 'complete' }).success).toBe(false);
  });

  it('takes one to 2,000 distinct-looking team ids and a progress value for a bulk change', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect(bulkStatusBodySchema.safeParse({ teamIds: [id], progressStatus: 'n/a' }).success).toBe(true);
    expect(bulkStatusBodySchema.safeParse({ teamIds: [], progressStatus: 'n/a' }).success).toBe(false);
    expect(
      bulkStatusBodySchema.safeParse({ teamIds: Array(2001).fill(id), progressStatus: 'n/a' }).success,
    ).toBe(false);
  });
});
