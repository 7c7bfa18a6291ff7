/**
 * A single sign-on under way in this tab: the state the provider must send back and the binding value only this
 * browser received (POST /sso/start). Kept in sessionStorage: it never leaves the tab, and it is used once.
 */
const KEY = 'regcheck.sso.pending';

export interface PendingSso {
  state: string;
  binding: string;
}

export function rememberSso(p: PendingSso): void {
  sessionStorage.setItem(KEY, JSON.stringify(p));
}

/** The pending sign-in, removed as it is read (a second read answers null). */
export function takeSso(): PendingSso | null {
  const raw = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  if (!raw) return null;
  try {
    const p = JSON.parse(raw) as Partial<PendingSso>;
    return typeof p.state === 'string' && typeof p.binding === 'string' ? { state: p.state, binding: p.binding } : null;
  } catch {
    return null;
  }
}

/** The e-mail's domain when it looks like a complete address (the login page asks the server only then). */
export function ssoDomainOf(email: string): string | null {
  const m = /^[^\s@]+@([^\s@]+\.[^\s@]{2,})$/.exec(email.trim());
  return m?.[1]?.toLowerCase() ?? null;
}
