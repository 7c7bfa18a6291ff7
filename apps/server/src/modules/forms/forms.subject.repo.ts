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

/**
 * The legal representatives of a company's ficha (relation 'representant', or 'both': representative and beneficiary),
 * active, with the related person's name and document: who may sign the company's declaration (issue 25 point 4).
 */
export function representativesOf(ex: Executor, companyId: string, fichaId: string) {
  return ex
    .selectFrom('fichaRelationships as r')
    .innerJoin('fichas as p', (j) => j.onRef('p.id', '=', 'r.relatedFichaId').onRef('p.companyId', '=', 'r.companyId'))
    .select(['r.id', 'p.name', 'p.fatherName', 'p.motherName', 'p.socialReason', 'p.dni', 'p.dniType'])
    .where('r.companyId', '=', companyId)
    .where('r.fichaId', '=', fichaId)
    .where('r.status', '=', 'active')
    .where('r.relationType', 'in', ['representant', 'both'])
    .orderBy('r.createdAt')
    .execute();
}
