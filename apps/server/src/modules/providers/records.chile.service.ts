import type { AppDeps, TenantCaller } from '../../plugins/context';
import {
  insolvencyAdapter,
  insurerOperationsAdapter,
  insurerPoliciesAdapter,
  insurerProductsAdapter,
  taxFolderAdapter,
} from './providers.adapters.records';
import { personRecord } from './records.service';

/**
 * The Chilean per-person records: the insolvency bulletin (boletinConcursal) and the SII tax folder
 * (carpetaTributaria) of a RUT, and the insurer's operations, products and policies of the person
 * (consorcio-operations, products-asociados, policy-detail). Each is one provider answer cached 24 h per person;
 * the pages page the tables themselves.
 */

const RUT_ONLY = ['RUT'] as const;
const ANY = ['RUT', 'CPF', 'CNPJ'] as const;

export const insolvency = (deps: AppDeps, caller: TenantCaller, run: string) =>
  personRecord(
    deps,
    caller,
    run,
    insolvencyAdapter,
    { source: 'boletinConcursal', documents: RUT_ONLY, request: (rut) => ({ rut }) },
    (a) => ({ proceedings: a?.proceedings ?? [] }),
  );

export const taxFolder = (deps: AppDeps, caller: TenantCaller, run: string) =>
  personRecord(
    deps,
    caller,
    run,
    taxFolderAdapter,
    { source: 'carpetaTributaria', documents: RUT_ONLY, request: (rut) => ({ rut }) },
    (a) => ({ folder: a ?? null }),
  );

/** The insurer's system knows its customers by RUT in Chile and by CPF/CNPJ in Brazil. */
export const insurerOperations = (deps: AppDeps, caller: TenantCaller, run: string) =>
  personRecord(
    deps,
    caller,
    run,
    insurerOperationsAdapter,
    {
      source: 'consorcio-operations',
      documents: ANY,
      request: (document) => ({ document }),
      cacheKey: (d) => `operations:${d}`,
    },
    (a) => ({ operations: a?.operations ?? [] }),
  );

export const insurerProducts = (deps: AppDeps, caller: TenantCaller, run: string) =>
  personRecord(
    deps,
    caller,
    run,
    insurerProductsAdapter,
    {
      source: 'products-asociados',
      documents: ANY,
      request: (document) => ({ document }),
      cacheKey: (d) => `products:${d}`,
    },
    (a) => ({ products: a?.products ?? [] }),
  );

export const insurerPolicies = (deps: AppDeps, caller: TenantCaller, run: string) =>
  personRecord(
    deps,
    caller,
    run,
    insurerPoliciesAdapter,
    {
      source: 'policy-detail',
      documents: ANY,
      request: (document) => ({ document }),
      cacheKey: (d) => `policies:${d}`,
    },
    (a) => ({ policies: a?.policies ?? [] }),
  );
