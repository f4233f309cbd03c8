import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { noteBuild, noteBuildOf, resetBuildForTests, useNewVersionAvailable } from './buildVersion';

describe('the deployed build', () => {
  beforeEach(() => resetBuildForTests());

  it('the first build heard of is the one running: no prompt', () => {
    const { result } = renderHook(() => useNewVersionAvailable());
    act(() => noteBuild('aaa'));
    act(() => noteBuild('aaa'));
    expect(result.current).toBe(false);
  });

  it('another build later means a deploy: the prompt shows and stays', () => {
    const { result } = renderHook(() => useNewVersionAvailable());
    act(() => noteBuild('aaa'));
    act(() => noteBuildOf(new Response('{}', { headers: { 'x-portal-build': 'bbb' } })));
    expect(result.current).toBe(true);
    act(() => noteBuild('aaa'));
    expect(result.current).toBe(true);
  });

  it('answers without the header (tests, development, a proxy page) change nothing', () => {
    const { result } = renderHook(() => useNewVersionAvailable());
    act(() => noteBuild(null));
    act(() => noteBuildOf(new Response('{}')));
    act(() => noteBuild('aaa'));
    expect(result.current).toBe(false);
  });
});
