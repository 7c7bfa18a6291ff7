import { api, fileForm } from '../../../app/api/client';
import { i18n } from '../../../app/i18n/i18n';
import { MAX_UPLOAD_PDF_BYTES } from '../../../app/ui/PdfDropzone';

export interface Manual {
  id: string;
  /** the company's name, for the platform's users (super administrator, watcher), who read every company's */
  companyName?: string;
  name: string;
  url: string;
  size: number;
  active: boolean;
  uploadedBy: string;
  uploadDate: string;
}

/** Upload limit of a manual (spec 001 §9): the PDF limit of every upload. */
export const MAX_MANUAL_BYTES = MAX_UPLOAD_PDF_BYTES;

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** GET /companies-manuals, POST (multipart), PATCH /companies-manuals/{id}, GET downloadfile/{id}. */
export const manualsApi = {
  list: (inactive: boolean) =>
    api.get<Manual[]>(
      `/companies-manuals?filter=${q(inactive ? { where: { active: false }, limit: 200 } : { limit: 200 })}`,
    ),
  patch: (id: string, body: { name?: string; active?: boolean }) => api.patch<Manual>(`/companies-manuals/${id}`, body),
  async upload(file: File, name: string): Promise<Manual> {
    return api.upload<Manual>(`/companies-manuals?name=${encodeURIComponent(name)}`, fileForm(file), {
      fallbackMessage: i18n.t('reports:errors.MANUAL_UPLOAD_FAILED'),
    });
  },
};
