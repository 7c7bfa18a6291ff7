import type { CompanyView } from '@regcheck/shared/schemas/companies';
import { fileConfigOf, MAX_DOCUMENT_MB } from '@regcheck/shared/schemas/company-admin';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../api/client';
import { settingsKeys } from '../query/keys/settings-keys';
import { useSession } from '../session/useSession';

const MIME: Record<string, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png' };

/** What an upload of a ficha or operation document accepts, from the company's file rules. */
export interface DocumentRules {
  /** MIME types for the drop zone */
  accept: string[];
  maxBytes: number;
  /** whether the company takes PDFs only (the default) */
  pdfOnly: boolean;
  /** 'PDF, PNG de hasta 10 MB', or null while the default rules apply */
  limits: string | null;
}

/**
 * The company's document rules (settings.fileConfig, set by the super administrator): the drop zones of fichas and
 * operations accept what the server will. Until the company is read, the default (PDF, 25 MB).
 */
export function useDocumentRules(): DocumentRules {
  const { t } = useTranslation('companyConfig');
  const { user } = useSession();
  const companyId = user?.company?.id;
  const company = useQuery({
    queryKey: settingsKeys.documentRules(companyId),
    queryFn: () => api.get<z.infer<typeof CompanyView>>(`/companies/${encodeURIComponent(companyId ?? '')}`),
    enabled: !!companyId,
    staleTime: 60_000,
  });
  const rules = fileConfigOf(company.data?.settings);
  const pdfOnly = rules.documentTypes.length === 1 && rules.documentTypes[0] === 'pdf';
  const standard = pdfOnly && rules.maxDocumentMb === MAX_DOCUMENT_MB;
  return {
    accept: rules.documentTypes.map((d) => MIME[d] as string),
    maxBytes: rules.maxDocumentMb * 1024 * 1024,
    pdfOnly,
    limits: standard
      ? null
      : t('companyConfig:files.dropLimits', {
          types: rules.documentTypes.map((d) => d.toUpperCase()).join(', '),
          mb: rules.maxDocumentMb,
        }),
  };
}
