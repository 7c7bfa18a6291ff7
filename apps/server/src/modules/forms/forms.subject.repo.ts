import type { Executor } from '../../db/tenant';

/**
 * What a declaration is about, read when the form is made (issue 25 point 2): the operation's number, reference and
 * day, and the participant's ficha (its document type, nationality, address). Read-only over operations and fichas.
 */
export function operationFacts(ex: Executor, companyId: string, operationId: string) {
  return ex
    .selectFrom('operations')
    .select(['codigo', 'referenceNumber', 'transactionDate', 'registrationDate', 'divisa'])
    .where('companyId', '=', companyId)
    .where('id', '=', operationId)
    .executeTakeFirstOrThrow();
}

export function fichaFacts(ex: Executor, companyId: string, fichaId: string) {
  return ex
    .selectFrom('fichas')
    .select(['id', 'personType', 'dniType', 'nationality', 'address', 'pepStatus', 'pepLevel'])
    .where('companyId', '=', companyId)
    .where('id', '=', fichaId)
    .executeTakeFirst();
}
