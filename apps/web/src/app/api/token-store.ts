/** The client session kept in localStorage: the access token and the rotating refresh identifier. */
const TOKEN_KEY = 'regcheck.token';
const REFRESH_KEY = 'regcheck.refreshId';

export interface StoredSession {
  token: string;
  refreshId: string;
}

export const tokenStore = {
  read(): StoredSession | null {
    try {
      const token = localStorage.getItem(TOKEN_KEY);
      const refreshId = localStorage.getItem(REFRESH_KEY);
      return token && refreshId ? { token, refreshId } : null;
    } catch {
      return null;
    }
  },
  write(session: StoredSession): void {
    localStorage.setItem(TOKEN_KEY, session.token);
    localStorage.setItem(REFRESH_KEY, session.refreshId);
  },
  clear(): void {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(REFRESH_KEY);
  },
};
