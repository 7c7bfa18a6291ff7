import { withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { pepStatusOf } from './fichas.pep';
import * as pepRepo from './fichas.pep.repo';
import { mustFind } from './fichas.queries';
import { recalculateWithParents } from './fichas.rating.service';

/*
 * A name match with a person of the PEP register that an officer confirmed is this customer (decision 171): the
 * person becomes a source of the ficha's PEP status as a document match is, until the confirmation is withdrawn.
 * Audited `ficha.pep.confirmed` / `ficha.pep.unconfirmed`; the ficha is rated again with its new status.
 */

/** POST /fichas-clientes/{id}/pep-confirmations: the officer confirms that this register person is the customer. */
export async function confirm(deps: AppDeps, caller: TenantCaller, fichaId: string, personId: string) {
  return withTenant(deps.db, caller.companyId, async (trx) => {
    await mustFind(trx, caller.companyId, fichaId);
    const person = await pepRepo.personById(trx, personId);
    if (!person) throw new AppError('PERSON_NOT_FOUND', { field: 'personId' });
    await pepRepo.insertConfirmation(trx, {
      companyId: caller.companyId,
      fichaId,
      personId,
      confirmedBy: caller.auth.userId,
    });
    await audit(trx, caller, {
      action: 'ficha.pep.confirmed',
      entity: 'ficha',
      id: fichaId,
      after: { personId, name: person.name, position: person.position, institution: person.institution },
    });
    await recalculateWithParents(trx, caller.companyId, fichaId, { caller, cause: 'fichaUpdated' });
    return pepStatusOf(trx, caller.companyId, fichaId);
  });
}

/** DELETE /fichas-clientes/{id}/pep-confirmations/{personId}: the confirmation is withdrawn. */
export async function unconfirm(deps: AppDeps, caller: TenantCaller, fichaId: string, personId: string) {
  return withTenant(deps.db, caller.companyId, async (trx) => {
    await mustFind(trx, caller.companyId, fichaId);
    const r = await pepRepo.deleteConfirmation(trx, caller.companyId, fichaId, personId);
    if (!r.numDeletedRows) throw new AppError('PERSON_NOT_FOUND', { field: 'personId' });
    await audit(trx, caller, { action: 'ficha.pep.unconfirmed', entity: 'ficha', id: fichaId, before: { personId } });
    await recalculateWithParents(trx, caller.companyId, fichaId, { caller, cause: 'fichaUpdated' });
    return pepStatusOf(trx, caller.companyId, fichaId);
  });
}
