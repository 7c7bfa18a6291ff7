import { ApiError } from '../../../app/api/api-error';
import { tokenStore } from '../../../app/api/token-store';
import { i18n } from '../../../app/i18n/i18n';
import { busy } from '../../../app/loading/busy';

/**
 * GET a file from /api (xlsx, PDF, txt) with the bearer token and the language, and save it under the server's
 * file name. Errors carry the server's translated message (e.g. 'No notifications in the date range').
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  busy.start();
  try {
    const token = tokenStore.read()?.token;
    const headers: Record<string, string> = { 'Accept-Language': i18n.language };
    if (token) headers.Authorization = `Bearer ${token}`;
    const res = await fetch(`/api${path}`, { headers });
    if (!res.ok) {
      const e = ((await res.json().catch(() => null)) ?? {}) as {
        statusCode?: number;
        code?: string;
        message?: string;
        field?: string;
      };
      throw new ApiError(e.statusCode ?? res.status, e.code ?? 'INTERNAL', e.message ?? res.statusText, e.field);
    }
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
  } finally {
    busy.done();
  }
}
