import type { UserView } from '@regcheck/shared/schemas/users';
import type { z } from 'zod';
import { api, fileForm } from '../../../app/api/client';

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
    return api.upload<UserItem>(`/users/addphoto/${id}`, fileForm(file), { method: 'PATCH' });
  },
  /** The photo as an object URL for an <img> (the call needs the bearer token). */
  async photoUrl(id: string) {
    return URL.createObjectURL(await api.blob(`/users/photo/${id}`));
  },
};
