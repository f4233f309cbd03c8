import { describe, expect, it } from 'vitest';
import { ReadCache } from './cache';

function enabledCache(max?: number): ReadCache {
  const cache = new ReadCache(max);
  cache.enabled = true;
  return cache;
}

describe('ReadCache', () => {
  it('loads once and serves the stored value until invalidated', async () => {
    const cache = enabledCache();
    let calls = 0;
    const loader = async () => ++calls;
    expect(await cache.load('k', loader)).toBe(1);
    expect(await cache.load('k', loader)).toBe(1);
    cache.invalidate('k');
    expect(await cache.load('k', loader)).toBe(2);
  });

  it('does not store a value read while an invalidation ran', async () => {
    const cache = enabledCache();
    let release: (v: string) => void = () => {};
    const pending = cache.load('k', () => new Promise<string>((r) => (release = r)));
    cache.invalidate('other');
    release('stale');
    expect(await pending).toBe('stale');
    expect(await cache.load('k', async () => 'fresh')).toBe('fresh');
  });

  it('never stores when disabled, nor null results', async () => {
    const off = new ReadCache();
    let calls = 0;
    await off.load('k', async () => ++calls);
    await off.load('k', async () => ++calls);
    expect(calls).toBe(2);
    const on = enabledCache();
    expect(await on.load('n', async () => null)).toBeNull();
    expect(await on.load('n', async () => 'x')).toBe('x');
  });

  it('evicts the oldest entry past its size and drops entries by predicate', async () => {
    const cache = enabledCache(2);
    await cache.load('a', async () => 1);
    await cache.load('b', async () => 2);
    await cache.load('c', async () => 3);
    expect(await cache.load('a', async () => 10)).toBe(10);
    cache.invalidateWhere((key) => key.startsWith('c'));
    expect(await cache.load('c', async () => 30)).toBe(30);
  });
});
