import { i18n } from '../i18n/i18n';
import { busy } from '../loading/busy';
import { navigateTo } from '../router/navigation';
import { ApiError } from './api-error';
import { tokenStore } from './token-store';

export interface RequestOptions {
  /** send the bearer token and renew it on 401 (default true) */
  auth?: boolean;
  /** raise the busy counter that drives the loading bar (default true) */
  busy?: boolean;
  /** on 403 go to /notFound (default true) */
  redirectOn403?: boolean;
  /** when the session cannot be renewed, go to / (default true); otherwise only clear the stored session */
  redirectOnSessionLost?: boolean;
  signal?: AbortSignal;
}

type SessionLostHandler = () => void;
let onSessionLost: SessionLostHandler = () => {
  tokenStore.clear();
  navigateTo('/', { replace: true });
};

/** The session provider replaces this to also forget the user in memory. */
export function setSessionLostHandler(handler: SessionLostHandler): void {
  onSessionLost = handler;
}

let renewal: Promise<boolean> | null = null;

interface RenewResponse {
  token: string;
  id: string;
  expiresIn: number;
}

/**
 * Runs `fn` while holding a lock shared by every tab of this site (Web Locks), so two tabs never renew with the same
 * refresh identifier: the server takes a second use of an identifier for a replay and ends the session (decision 9).
 */
function acrossTabs<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request('regcheck.renew-token', fn) as Promise<T>) : fn();
}

/**
 * Whether another tab renewed with this identifier a moment ago: the server refuses the second use without ending
 * the session (decision 9), and the other tab's new identifier reaches this tab's storage shortly after.
 */
async function renewedElsewhere(used: string): Promise<boolean> {
  for (let i = 0; i < 10; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const now = tokenStore.read();
    if (!now) return false;
    if (now.refreshId !== used) return true;
  }
  return false;
}

/**
 * POST /api/users/renewtoken with the stored refresh identifier; one renewal in flight at a time in this tab, and one
 * at a time across tabs. A tab that waited for another tab's renewal uses the identifier that tab stored.
 */
function renewToken(): Promise<boolean> {
  if (renewal) return renewal;
  const seen = tokenStore.read()?.refreshId;
  renewal = acrossTabs(async () => {
    const stored = tokenStore.read();
    if (!stored) return false;
    if (seen && stored.refreshId !== seen) return true;
    try {
      const res = await fetch('/api/users/renewtoken', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': i18n.language },
        body: JSON.stringify({ id: stored.refreshId }),
      });
      if (!res.ok) return await renewedElsewhere(stored.refreshId);
      const body = (await res.json()) as RenewResponse;
      tokenStore.write({ token: body.token, refreshId: body.id });
      return true;
    } catch {
      return false;
    }
  }).finally(() => {
    renewal = null;
  });
  return renewal;
}

function send(method: string, path: string, body: unknown, auth: boolean, signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': i18n.language };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? tokenStore.read()?.token : undefined;
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
}

async function errorOf(res: Response): Promise<ApiError> {
  try {
    const body = (await res.json()) as {
      statusCode?: number;
      code?: string;
      message?: string;
      field?: string;
      details?: unknown;
    };
    if (body && typeof body.message === 'string') {
      return new ApiError(
        body.statusCode ?? res.status,
        body.code ?? 'INTERNAL',
        body.message,
        body.field,
        body.details,
      );
    }
  } catch {
    // not JSON (a proxy page): fall through to the generic message
  }
  return new ApiError(res.status, 'INTERNAL', i18n.t('errors:INTERNAL'));
}

async function parse<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** One call to the JSON API under /api. Throws ApiError with the server's translated message. */
export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const { auth = true, busy: trackBusy = true, redirectOn403 = true, redirectOnSessionLost = true, signal } = options;
  if (trackBusy) busy.start();
  try {
    const sentWith = auth ? tokenStore.read()?.token : undefined;
    let res = await send(method, path, body, auth, signal);
    if (res.status === 401 && sentWith) {
      // someone may have renewed the token while this call was in flight
      const current = tokenStore.read()?.token;
      const renewed = current && current !== sentWith ? true : await renewToken();
      if (renewed) res = await send(method, path, body, auth, signal);
      if (!renewed || res.status === 401) {
        const error = await errorOf(res);
        if (redirectOnSessionLost) onSessionLost();
        else tokenStore.clear();
        throw error;
      }
    }
    if (res.status === 403 && redirectOn403) {
      const error = await errorOf(res);
      // a user asked to change the password is held at the change page, not sent to the not-found page
      if (error.code === 'PASSWORD_CHANGE_REQUIRED') {
        if (window.location.pathname !== '/tools/changepassword')
          navigateTo('/tools/changepassword', { replace: true });
      } else navigateTo('/notFound', { replace: true });
      throw error;
    }
    if (!res.ok) throw await errorOf(res);
    return await parse<T>(res);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', i18n.t('errors:NETWORK'));
  } finally {
    if (trackBusy) busy.done();
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body ?? {}, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body ?? {}, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};
