import { describe, expect, it } from 'vitest';
import { loginPath, safeContinuePath } from './guards';

describe('guards', () => {
  it('continues only to our own paths after sign-in', () => {
    expect(safeContinuePath('/admin/users?page=2')).toBe('/admin/users?page=2');
    expect(safeContinuePath('//evil.example.com')).toBeNull();
    expect(safeContinuePath('/\\evil.example.com')).toBeNull();
    expect(safeContinuePath('https://evil.example.com')).toBeNull();
    expect(safeContinuePath('/auth/login')).toBeNull();
    expect(safeContinuePath(null)).toBeNull();
  });

  it('sends a visitor to sign in with where they were going', () => {
    expect(loginPath('http://localhost/my-account?tab=email')).toBe(
      '/auth/login?continuePath=%2Fmy-account%3Ftab%3Demail',
    );
    expect(loginPath('http://localhost/')).toBe('/auth/login');
  });
});
