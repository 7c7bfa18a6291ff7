import { z } from 'zod';
import { RoleSchema } from './auth';
import { CompanyLanguage } from './common';

export const UserCreateBody = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.string().trim().toLowerCase().email().max(320),
  role: RoleSchema,
  lang: CompanyLanguage.optional(),
  password: z.string().max(512).optional().describe('if absent, a recovery e-mail lets the user choose one'),
  companyId: z.string().uuid().optional().describe('super administrator only; others create in their company'),
  askPasswordChange: z.boolean().optional(),
});

export const UserUpdateBody = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  lang: CompanyLanguage.nullable().optional(),
  role: RoleSchema.optional(),
  active: z.boolean().optional(),
});

export const UserView = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  roleLabel: z.string(),
  lang: CompanyLanguage.nullable(),
  active: z.boolean(),
  askPasswordChange: z.boolean(),
  companyId: z.string().uuid().nullable(),
  hasPhoto: z.boolean().optional(),
  createdAt: z.string(),
});
