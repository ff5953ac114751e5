// The bearer token in localStorage (spec section 4: stored on login, removed on logout or when the
// auth check fails). A storage that throws (private mode, disabled storage) behaves as empty.

const tokenKey = 'token';

export const tokenStore = {
  get(): string | null {
    try {
      return localStorage.getItem(tokenKey);
    } catch {
      return null;
    }
  },
  set(token: string): void {
    try {
      localStorage.setItem(tokenKey, token);
    } catch {
      // Storage refused: the session lasts until the page is closed.
    }
  },
  clear(): void {
    try {
      localStorage.removeItem(tokenKey);
    } catch {
      // Nothing stored.
    }
  },
};

/**
 * The user a stored token names (its `sub`), read without checking its signature: what this browser
 * keeps offline is kept per user, and offline no server can be asked. Never an authorization.
 */
export function tokenSubject(token: string | null = tokenStore.get()): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}
