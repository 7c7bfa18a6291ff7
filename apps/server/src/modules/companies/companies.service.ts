import type { CompanyCreateBody } from '@regcheck/shared';
import { languageOfCountry } from '@regcheck/shared';
import type { z } from 'zod';
import type { CompanyRow } from '../../db/schema';
import { withSystem, withTenant } from '../../db/tenant';
import { AppError } from '../../lib/errors';
import type { AppDeps, AuthContext } from '../../plugins/context';
import { insertAudit } from '../audit/audit.repo';
import * as repo from './companies.repo';

export function toCompanyView(c: CompanyRow) {
  return {
    id: c.id,
    name: c.name,
    country: c.country,
    language: c.language,
    massiveBulks: c.massiveBulks,
    allegationsChannelStatus: c.allegationsChannelStatus,
    settings: (c.settings ?? {}) as Record<string, unknown>,
    status: c.status,
    createdAt: c.createdAt.toISOString(),
  };
}

/** POST /companies (super administrator): a new obliged subject. Language follows the country unless given. */
export async function createCompany(deps: AppDeps, auth: AuthContext | null, body: z.infer<typeof CompanyCreateBody>) {
  return withSystem(deps.db, async (trx) => {
    const row = await repo.insertCompany(trx, {
      name: body.name,
      country: body.country,
      language: body.language ?? languageOfCountry(body.country),
      massiveBulks: body.massiveBulks ?? false,
      allegationsChannelStatus: body.allegationsChannelStatus ?? 'inactive',
      settings: JSON.stringify(body.settings ?? {}),
    });
    await insertAudit(trx, {
      companyId: row.id,
      userId: auth?.userId ?? null,
      action: 'company.created',
      entity: 'company',
      entityId: row.id,
      after: toCompanyView(row),
    });
    return row;
  });
}

/** A company as its own users see it; another company's is a 404. The super administrator sees any. */
export async function getCompany(deps: AppDeps, auth: AuthContext, id: string) {
  if (auth.role === 'superAdmin') {
    const row = await repo.findCompanyById(deps.db, id);
    if (!row) throw new AppError('COMPANY_NOT_FOUND');
    return row;
  }
  if (!auth.companyId || auth.companyId !== id) throw new AppError('COMPANY_NOT_FOUND');
  const row = await withTenant(deps.db, auth.companyId, (trx) => repo.findCompanyById(trx, id));
  if (!row) throw new AppError('COMPANY_NOT_FOUND');
  return row;
}

export async function listCompanies(deps: AppDeps, opts: { limit: number; skip: number }) {
  return repo.listCompanies(deps.db, opts);
}

export async function countCompanies(deps: AppDeps) {
  return repo.countCompanies(deps.db);
}

export async function updateCompany(
  deps: AppDeps,
  auth: AuthContext,
  id: string,
  patch: Partial<z.infer<typeof CompanyCreateBody>>,
) {
  return withSystem(deps.db, async (trx) => {
    const before = await repo.findCompanyById(trx, id);
    if (!before) throw new AppError('COMPANY_NOT_FOUND');
    const settings = patch.settings
      ? { ...(before.settings as Record<string, unknown>), ...patch.settings }
      : undefined;
    const row = await repo.updateCompany(trx, id, {
      name: patch.name,
      country: patch.country,
      language: patch.language,
      massiveBulks: patch.massiveBulks,
      allegationsChannelStatus: patch.allegationsChannelStatus,
      settings: settings ? JSON.stringify(settings) : undefined,
    });
    if (!row) throw new AppError('COMPANY_NOT_FOUND');
    await insertAudit(trx, {
      companyId: id,
      userId: auth.userId,
      action: 'company.updated',
      entity: 'company',
      entityId: id,
      before: toCompanyView(before),
      after: toCompanyView(row),
    });
    return row;
  });
}
