import { i18n } from '../i18n/i18n';
import { busy } from '../loading/busy';
import { navigateTo } from '../router/navigation';
import { ApiError } from './api-error';
import { fileNameOf } from './content-disposition';
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
  /** more headers (a file's content type) */
  headers?: Record<string, string>;
  /** follow an upload's progress (bytes sent, total; 0 when unknown) */
  onProgress?: (sent: number, total: number) => void;
  /** the message when the server sends none (a proxy's page) */
  fallbackMessage?: string;
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

/** A body the client sends as it is (multipart form, file), not as JSON. */
function isRaw(body: unknown): body is FormData | Blob | ArrayBuffer | Uint8Array {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof ArrayBuffer ||
    body instanceof Uint8Array
  );
}

/** `/fichas-clientes` is the API's `/api/fichas-clientes`; a path the server gave whole (`/api/...`) stays as it is. */
const urlOf = (path: string) => (path.startsWith('/api/') ? path : `/api${path}`);

/**
 * One exchange with the server: fetch, or XMLHttpRequest when the caller follows an upload's progress (fetch cannot
 * report it), answered as a Response either way.
 */
function transport(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: BodyInit | undefined,
  signal: AbortSignal | undefined,
  onProgress: ((sent: number, total: number) => void) | undefined,
): Promise<Response> {
  if (!onProgress) return fetch(url, { method, headers, body, signal });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.responseType = 'blob';
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.onload = () => {
      const out = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const i = line.indexOf(':');
        if (i > 0) out.append(line.slice(0, i).trim(), line.slice(i + 1).trim());
      }
      // a Response cannot carry a null-body status with a body
      const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
      resolve(new Response(empty ? null : (xhr.response as Blob), { status: xhr.status, headers: out }));
    };
    xhr.onerror = () => reject(new TypeError('network error'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send((body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

function send(method: string, path: string, body: unknown, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': i18n.language,
    ...options.headers,
  };
  const raw = isRaw(body);
  if (body !== undefined && !raw) headers['Content-Type'] = 'application/json';
  const token = options.auth !== false ? tokenStore.read()?.token : undefined;
  if (token) headers.Authorization = `Bearer ${token}`;
  const payload = body === undefined ? undefined : raw ? (body as BodyInit) : JSON.stringify(body);
  return transport(method, urlOf(path), headers, payload, options.signal, options.onProgress);
}

async function errorOf(res: Response, fallbackMessage?: string): Promise<ApiError> {
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
  return new ApiError(res.status, 'INTERNAL', fallbackMessage ?? i18n.t('errors:INTERNAL'));
}

async function parse<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The one way the web app calls the server (decision 265): JSON, multipart uploads (with their progress), files
 * and the public links alike get the language, the bearer token renewed on 401, the 403 page, the busy bar and
 * the server's translated message in an ApiError. Answers the successful Response.
 */
export async function exchange(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const { auth = true, busy: trackBusy = true, redirectOn403 = true, redirectOnSessionLost = true } = options;
  if (trackBusy) busy.start();
  try {
    const sentWith = auth ? tokenStore.read()?.token : undefined;
    let res = await send(method, path, body, options);
    if (res.status === 401 && sentWith) {
      // someone may have renewed the token while this call was in flight
      const current = tokenStore.read()?.token;
      const renewed = current && current !== sentWith ? true : await renewToken();
      if (renewed) res = await send(method, path, body, options);
      if (!renewed || res.status === 401) {
        const error = await errorOf(res, options.fallbackMessage);
        if (redirectOnSessionLost) onSessionLost();
        else tokenStore.clear();
        throw error;
      }
    }
    if (res.status === 403 && redirectOn403) {
      const error = await errorOf(res, options.fallbackMessage);
      // a user asked to change the password is held at the change page, not sent to the not-found page
      if (error.code === 'PASSWORD_CHANGE_REQUIRED') {
        if (window.location.pathname !== '/tools/changepassword')
          navigateTo('/tools/changepassword', { replace: true });
      } else navigateTo('/notFound', { replace: true });
      throw error;
    }
    if (!res.ok) throw await errorOf(res, options.fallbackMessage);
    return res;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', i18n.t('errors:NETWORK'));
  } finally {
    if (trackBusy) busy.done();
  }
}

/** One call to the JSON API under /api. Throws ApiError with the server's translated message. */
export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  return parse<T>(await exchange(method, path, body, options));
}

/** Hands a file to the browser as a download under `name`: the one place that does it. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** A multipart form of one file (its fields first, as the server reads them before the file). */
export function fileForm(file: File | Blob, fileName?: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', file, fileName ?? (file instanceof File ? file.name : 'file'));
  return form;
}

export interface DownloadOptions extends RequestOptions {
  method?: string;
  /** a JSON body (an export of a selection) */
  body?: unknown;
}

/** A file of the server: GET unless `method`, with a JSON body when given. */
function fileResponse(path: string, { method = 'GET', body, ...options }: DownloadOptions = {}): Promise<Response> {
  return exchange(method, path, body, options);
}

/**
 * Downloads a file of the server (xlsx, PDF, zip, txt) and saves it under the server's file name (`fallbackName`
 * when it gives none); answers the name saved. Errors carry the server's translated message.
 */
export async function download(path: string, fallbackName: string, options: DownloadOptions = {}): Promise<string> {
  const res = await fileResponse(path, options);
  const name = fileNameOf(res.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(await res.blob(), name);
  return name;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body ?? {}, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body ?? {}, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
  /** a multipart form or a file's bytes (POST unless `method`), answered as JSON */
  upload: <T>(path: string, body: FormData | Blob, options?: RequestOptions & { method?: string }) =>
    request<T>(options?.method ?? 'POST', path, body, options),
  /** a file of the server, as a Blob (shown in the page, not saved) */
  blob: async (path: string, options?: DownloadOptions) => (await fileResponse(path, options)).blob(),
  download,
};
