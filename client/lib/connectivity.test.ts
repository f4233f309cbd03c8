import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import {
  connectivityExplanation,
  connectivityMessage,
  isInternalError,
  rememberSupportEmail,
} from './connectivity';

describe('internal errors and the connectivity check', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    rememberSupportEmail('');
  });

  it('only an unexplained failure (no answer, or 5xx) is internal', () => {
    expect(isInternalError(new ApiError(0, 'auth/network-request-failed', 'x'))).toBe(true);
    expect(isInternalError(new ApiError(500, 'internal', 'x'))).toBe(true);
    expect(isInternalError(new ApiError(502, 'unknown', 'Error: 502'))).toBe(true);
    expect(isInternalError(new ApiError(400, 'validation', 'Invalid team'))).toBe(false);
    expect(isInternalError(new Error('bug'))).toBe(false);
  });

  it('an internal error with the health check unreachable gives the VPN/firewall message and the support email', async () => {
    const fetch = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetch);
    rememberSupportEmail('help@expo.example');
    const message = await connectivityExplanation(new ApiError(0, 'auth/network-request-failed', 'x'));
    expect(fetch).toHaveBeenCalledWith('/api/health', expect.anything());
    expect(message).toBe(connectivityMessage('help@expo.example'));
    expect(message).toMatch(/VPN or a firewall.*help@expo\.example\.$/);
  });

  it('a reachable health check leaves the ordinary message; other errors never check', async () => {
    const fetch = vi.fn().mockResolvedValue(new Response('{"status":"ok"}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    expect(await connectivityExplanation(new ApiError(500, 'internal', 'x'))).toBeNull();
    expect(await connectivityExplanation(new ApiError(403, 'forbidden', 'Forbidden'))).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
