/** Other screens may hand over the address to sign in with (after setting a password, say). */
export function emailFromState(state: unknown): string | undefined {
  if (typeof state === 'object' && state !== null && 'email' in state && typeof state.email === 'string') {
    return state.email;
  }
  return undefined;
}
