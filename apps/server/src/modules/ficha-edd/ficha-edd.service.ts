import type { EddPatchBody, EddView } from '@regcheck/shared';
import type { z } from 'zod';
import { withTenant } from '../../db/tenant';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import * as fichas from '../fichas';
import { fichaError } from '../fichas';
import { mayApproveEdd } from './ficha-edd.policy';

/*
 * The enhanced due diligence of a ficha (issue 24, point 5; decisions 141 to 143): read it, fill its texts,
 * approve it. The rule and the record live with the ficha (fichas.edd.ts), which the rating keeps in step; this
 * service adds the transaction, the caller's company and the policy's answer on who approves.
 */

type Edd = z.infer<typeof EddView>;

/** GET /fichas-clientes/{id}/edd (another company's ficha answers 404 FICHA_NOT_FOUND). */
export async function get(deps: AppDeps, caller: TenantCaller, fichaId: string): Promise<Edd> {
  return withTenant(deps.db, caller.companyId, async (trx) => {
    if (!(await fichas.readFicha(trx, caller.companyId, fichaId))) throw fichaError('FICHA_NOT_FOUND');
    return fichas.eddOf(trx, caller, fichaId);
  });
}

/** PATCH /fichas-clientes/{id}/edd: texts by whoever edits fichas, `approve` by a company administrator only. */
export async function patch(
  deps: AppDeps,
  caller: TenantCaller,
  fichaId: string,
  body: z.infer<typeof EddPatchBody>,
): Promise<Edd> {
  return withTenant(deps.db, caller.companyId, async (trx) => {
    if (!(await fichas.readFicha(trx, caller.companyId, fichaId))) throw fichaError('FICHA_NOT_FOUND');
    return fichas.patchEdd(trx, caller, fichaId, body, mayApproveEdd(caller));
  });
}
