import { ApiError } from '../../../app/api/api-error';
import { api } from '../../../app/api/client';
import { tokenStore } from '../../../app/api/token-store';
import { i18n } from '../../../app/i18n/i18n';
import { busy } from '../../../app/loading/busy';

export interface Manual {
  id: string;
  name: string;
  url: string;
  size: number;
  active: boolean;
  uploadedBy: string;
  uploadDate: string;
}

/** Upload limit of a manual (spec 001 §9). */
export const MAX_MANUAL_BYTES = 25 * 1024 * 1024;

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

export const manualsKeys = {
  all: ['manuals'] as const,
  list: (inactive: boolean) => ['manuals', 'list', inactive] as const,
};

/** GET /companies-manuals, POST (multipart), PATCH /companies-manuals/{id}, GET downloadfile/{id}. */
export const manualsApi = {
  list: (inactive: boolean) =>
    api.get<Manual[]>(
      `/companies-manuals?filter=${q(inactive ? { where: { active: false }, limit: 200 } : { limit: 200 })}`,
    ),
  patch: (id: string, body: { name?: string; active?: boolean }) => api.patch<Manual>(`/companies-manuals/${id}`, body),
  async upload(file: File, name: string): Promise<Manual> {
    const form = new FormData();
    form.append('file', file, file.name);
    busy.start();
    try {
      const token = tokenStore.read()?.token;
      const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': i18n.language };
      if (token) headers.Authorization = `Bearer ${token}`;
      const res = await fetch(`/api/companies-manuals?name=${encodeURIComponent(name)}`, {
        method: 'POST',
        headers,
        body: form,
      });
      const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
      if (!res.ok) {
        const e = (body ?? {}) as { statusCode?: number; code?: string; message?: string; field?: string };
        throw new ApiError(
          e.statusCode ?? res.status,
          e.code ?? 'INTERNAL',
          e.message ?? i18n.t('reports:errors.MANUAL_UPLOAD_FAILED'),
          e.field,
        );
      }
      return body as unknown as Manual;
    } finally {
      busy.done();
    }
  },
};
