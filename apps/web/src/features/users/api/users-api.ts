import type { UserView } from '@regcheck/shared/schemas/users';
import type { z } from 'zod';
import { ApiError } from '../../../app/api/api-error';
import { api } from '../../../app/api/client';
import { tokenStore } from '../../../app/api/token-store';
import { i18n } from '../../../app/i18n/i18n';
import { busy } from '../../../app/loading/busy';

export type UserItem = z.infer<typeof UserView>;
export type UserStatus = 'active' | 'inactive';
export interface TagInUse {
  name: string;
  appliesTo: 'fichas' | 'operations';
  records: number;
}

/** The filters of the users list: a search over name and e-mail, a role, a status. */
export interface UserFilters {
  search: string;
  role: string;
  status: UserStatus | '';
}

const query = (f: UserFilters, extra: Record<string, string> = {}) => {
  const p = new URLSearchParams(extra);
  if (f.search.trim()) p.set('search', f.search.trim());
  if (f.role) p.set('role', f.role);
  if (f.status) p.set('status', f.status);
  return p.toString();
};

export interface UserBody {
  name: string;
  email?: string;
  role: string;
  lang?: 'es' | 'br' | 'en' | null;
  password?: string;
  askPasswordChange?: boolean;
  active?: boolean;
}

/** A call the JSON client cannot make (multipart upload, image download): same token, language and busy bar. */
export async function authedFetch(path: string, init: RequestInit = {}) {
  const token = tokenStore.read()?.token;
  const headers: Record<string, string> = { 'Accept-Language': i18n.language };
  if (token) headers.Authorization = `Bearer ${token}`;
  busy.start();
  try {
    const res = await fetch(`/api${path}`, { ...init, headers: { ...headers, ...(init.headers as object) } });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { code?: string; message?: string; field?: string } | null;
      throw new ApiError(
        res.status,
        body?.code ?? 'INTERNAL',
        body?.message ?? i18n.t('errors:INTERNAL'),
        body?.field ?? undefined,
      );
    }
    return res;
  } finally {
    busy.done();
  }
}

/** The company users calls of /home/users. */
export const usersApi = {
  list: (f: UserFilters, limit: number, skip: number) =>
    api.get<UserItem[]>(`/users?${query(f, { filter: JSON.stringify({ limit, skip }) })}`),
  count: (f: UserFilters) => api.get<{ count: number }>(`/users/count?${query(f)}`),
  get: (id: string) => api.get<UserItem>(`/users/${id}`),
  tagsInUse: () => api.get<TagInUse[]>('/tags/in-use'),
  create: (body: UserBody) => api.post<UserItem>('/users', body),
  update: (id: string, body: Partial<UserBody>) => api.patch<UserItem>(`/users/${id}`, body),
  deactivate: (id: string) => api.patch<UserItem>(`/users/delete/${id}`),
  changePassword: (id: string, body: { password: string; askPasswordChange: boolean }) =>
    api.patch<UserItem>(`/users/changePasswordOnEdit/${id}`, body),
  /** Multipart upload of the user's photo (PNG, JPG or WEBP up to 2 MB). */
  async uploadPhoto(id: string, file: File) {
    const form = new FormData();
    form.append('file', file, file.name);
    const res = await authedFetch(`/users/addphoto/${id}`, { method: 'PATCH', body: form });
    return (await res.json()) as UserItem;
  },
  /** The photo as an object URL for an <img> (the call needs the bearer token). */
  async photoUrl(id: string) {
    const res = await authedFetch(`/users/photo/${id}`);
    return URL.createObjectURL(await res.blob());
  },
};
