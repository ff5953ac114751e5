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
