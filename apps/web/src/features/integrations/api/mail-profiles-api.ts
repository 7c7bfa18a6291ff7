import type { MailProfileViewT } from '@regcheck/shared/schemas/forms';
import { api } from '../../../app/api/client';

export type MailProfile = MailProfileViewT;

export type MailProfileInput = Omit<MailProfile, 'id' | 'updatedAt'>;

/** The e-mail profiles of /tools/mailcustomization and the test e-mails. */
export const mailProfilesApi = {
  list: () => api.get<MailProfile[]>(`/tools/mail-profiles?filter=${encodeURIComponent('{"limit":100}')}`),
  get: (id: string) => api.get<MailProfile>(`/tools/mail-profiles/${id}`),
  create: (b: MailProfileInput) => api.post<MailProfile>('/tools/mail-profiles', b),
  update: (id: string, b: Partial<MailProfileInput>) => api.patch<MailProfile>(`/tools/mail-profiles/${id}`, b),
  sendCustomHtml: (b: { mailTo: string; subject: string; body: string }) =>
    api.post<{ sent: boolean }>('/tools/sendEmailWithCustomHTML', b),
};
