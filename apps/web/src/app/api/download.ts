import { i18n } from '../i18n/i18n';
import { busy } from '../loading/busy';
import { ApiError } from './api-error';
import { tokenStore } from './token-store';

/**
 * A call the JSON client cannot make (multipart upload, file download) to /api: the bearer token, the language and
 * the busy bar. A failure throws ApiError with the server's translated message (`fallback` when it sent none).
 */
export async function authedFetch(path: string, init: RequestInit = {}, fallback?: string): Promise<Response> {
  const token = tokenStore.read()?.token;
  const headers: Record<string, string> = { 'Accept-Language': i18n.language };
  if (token) headers.Authorization = `Bearer ${token}`;
  busy.start();
  try {
    const res = await fetch(`/api${path}`, { ...init, headers: { ...headers, ...(init.headers as object) } });
    if (!res.ok) {
      const e = ((await res.json().catch(() => null)) ?? {}) as {
        statusCode?: number;
        code?: string;
        message?: string;
        field?: string;
      };
      throw new ApiError(
        e.statusCode ?? res.status,
        e.code ?? 'INTERNAL',
        e.message ?? fallback ?? i18n.t('errors:INTERNAL'),
        e.field,
      );
    }
    return res;
  } finally {
    busy.done();
  }
}

/**
 * GET a file from /api (xlsx, PDF, txt) and save it under the server's file name (`fallbackName` when it gives
 * none). Errors carry the server's translated message (e.g. 'No notifications in the date range').
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const res = await authedFetch(path);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
  return name;
}
