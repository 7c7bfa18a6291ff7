import type { Executor } from '../../db/tenant';
import { opError } from './operations.errors';
import * as repo from './operations.repo';

/** An operation of the company and its participants, or 404 OPERATION_NOT_FOUND (another company's too). */
export async function load(trx: Executor, companyId: string, id: string, opts: { forUpdate?: boolean } = {}) {
  const o = await repo.findOperation(trx, companyId, id, opts);
  if (!o) throw opError('OPERATION_NOT_FOUND');
  const associates = await repo.listAssociates(trx, companyId, [id]);
  return { o, associates };
}
