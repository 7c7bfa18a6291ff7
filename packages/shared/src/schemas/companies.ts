import { z } from 'zod';
import { CompanyLanguage, CountryCode } from './common';
import { reviewYears } from './reviews';

export const CompanySettings = z
  .object({
    roeThresholdUsd: z.number().positive().optional(),
    ddOccasionalUsd: z.number().positive().optional(),
    ddWireUsd: z.number().positive().optional(),
    coafCashThresholdBrl: z.number().positive().max(1e12).optional(),
    coafNonOccurrence: z.boolean().optional(),
    beneficialOwnerThreshold: z.number().min(0).max(100).optional(),
    beneficialOwnerInclusive: z.boolean().optional(),
    screeningThreshold: z.number().min(0).max(1).optional(),
    monitoringDay: z.number().int().min(1).max(28).optional(),
    reviewYearsHigh: reviewYears('High').optional(),
    reviewYearsMedium: reviewYears('Medium').optional(),
    reviewYearsLow: reviewYears('Low').optional(),
    pepYearsAfterOffice: z.number().int().min(1).max(10).optional(),
    requestLimit: z.number().int().min(0).nullable().optional(),
    listFetchEnabled: z.boolean().optional(),
    taxId: z
      .string()
      .trim()
      .max(30)
      .optional()
      .describe(
        "the company's tax id: RUT in Chile, CNPJ in Brazil, checked by its country's check digits; '' clears it",
      ),
  })
  .catchall(z.unknown());

export const CompanyCreateBody = z.object({
  name: z.string().trim().min(1).max(200),
  country: CountryCode,
  language: CompanyLanguage.optional().describe('defaults from the country: BR gives br, others es'),
  massiveBulks: z.boolean().optional(),
  allegationsChannelStatus: z.enum(['active', 'inactive']).optional(),
  settings: CompanySettings.optional(),
  commercialActivityId: z.string().uuid().nullable().optional().describe('GET /commercial-activities'),
});

export const CompanyView = z.object({
  id: z.string().uuid(),
  name: z.string(),
  country: z.string(),
  language: CompanyLanguage,
  massiveBulks: z.boolean(),
  allegationsChannelStatus: z.enum(['active', 'inactive']),
  settings: z.record(z.string(), z.unknown()),
  status: z.enum(['active', 'inactive']),
  hasLogo: z.boolean().optional(),
  commercialActivityId: z.string().uuid().nullable().optional(),
  commercialActivity: z
    .object({ id: z.string().uuid(), code: z.string(), name: z.string() })
    .nullable()
    .optional()
    .describe('with filter {"include":["commercialActivity"]}'),
  createdAt: z.string(),
});
