import { padCodigo } from '@regcheck/shared/format/index';
import type { ParticipantFormStatus } from '@regcheck/shared/schemas/operations';
import type { z } from 'zod';
import type { Executor } from '../../db/tenant';
import type { EventListener } from '../../jobs/events';
import { audit } from '../../lib/audit';
import type { AppDeps } from '../../plugins/context';
import type { AssociatesAnswer, FichasEvent } from '../fichas';
import * as repo from './operations.repo';

/**
 * Form statuses of an operation's participants: a question on the bus that the forms module answers (decision 287;
 * none answering: notRequired).
 */
export type FormStatusesAnswer = (
  trx: Executor,
  companyId: string,
  operationId: string,
) => Promise<z.infer<typeof ParticipantFormStatus>[]>;

declare module '../../jobs/events' {
  interface BusQuestions {
    /** the form statuses of an operation's participants (answered by the forms module) */
    'operations.formStatuses': FormStatusesAnswer;
  }
}

const STATUS_ORDER = ['notRequired', 'required', 'sent', 'opened', 'filled', 'signed'];
/** The least advanced of the statuses that are not notRequired ('notRequired' when every one is). */
function leastAdvanced(statuses: string[]) {
  const relevant = statuses.filter((s) => s !== 'notRequired');
  if (relevant.length === 0) return 'notRequired';
  return relevant.reduce((a, b) => (STATUS_ORDER.indexOf(b) < STATUS_ORDER.indexOf(a) ? b : a));
}

/**
 * Refreshes the operation's form status snapshot from the forms module's statuses, in the caller's transaction:
 * consultation_status is the least advanced required form of every participant, form_dof / form_bf /
 * pep_default_form_status the least advanced of that form across participants (spec 000 §3 list rows). Called by
 * the forms module on every send, opening, filling, signature and deactivation, and by operations on create and
 * update. Answers the updated row (undefined when no forms module answers or the operation is not the company's).
 */
export async function refreshFormSnapshot(deps: AppDeps, trx: Executor, companyId: string, operationId: string) {
  const formStatuses = deps.bus.answerer('operations.formStatuses');
  if (!formStatuses) return undefined;
  const parts = await formStatuses(trx, companyId, operationId);
  return repo.setFormSnapshot(trx, companyId, operationId, {
    consultationStatus: leastAdvanced(parts.map((p) => p.generalStatus)),
    formDof: leastAdvanced(parts.map((p) => p.forms.formDOF)),
    formBf: leastAdvanced(parts.map((p) => p.forms.formBF)),
    pepDefaultFormStatus: leastAdvanced(parts.map((p) => p.forms.formPep)),
  });
}

async function cascade(e: FichasEvent, status: 'active' | 'inactive') {
  const ids = await repo.setRecordStatusByFichas(e.trx, e.companyId, e.fichaIds, status, e.userId);
  for (const id of ids) {
    await audit(
      e.trx,
      { companyId: e.companyId, userId: e.userId },
      {
        action: status === 'inactive' ? 'operation.deleted' : 'operation.restored',
        entity: 'operation',
        id,
        before: { recordStatus: status === 'inactive' ? 'active' : 'inactive' },
        after: { recordStatus: status, byFichas: e.fichaIds },
      },
    );
  }
}

/**
 * Deleting fichas also deletes the operations where they are associated persons (spec 000 §4), in the same
 * transaction; restoring them brings those operations back; a permanent delete unlinks the participations
 * (the operations module's listeners, decision 281).
 */
export const fichasListeners = (): EventListener[] => [
  { event: 'fichas.softDeleted', name: 'operations.fichas-trashed', run: (e) => cascade(e, 'inactive') },
  { event: 'fichas.restored', name: 'operations.fichas-restored', run: (e) => cascade(e, 'active') },
  {
    event: 'fichas.hardDeleted',
    name: 'operations.fichas-deleted',
    run: (e) => repo.unlinkFichas(e.trx, e.companyId, e.fichaIds),
  },
];

/** The operations where a ficha is an associate person, for the ficha's detail (GET /fichas-clientes/with-relations). */
export const fichaAssociates: AssociatesAnswer = async (trx, companyId, fichaId) =>
  (await repo.operationsOfFicha(trx, companyId, fichaId)).map((o) => ({
    id: o.id,
    codigo: o.codigo,
    codigoFormatted: padCodigo(o.codigo),
    status: o.state,
    divisa: o.divisa,
    risk: o.risk,
    monto: Number(o.monto),
    efective: Number(o.efective),
    transactionDate: o.transactionDate ? new Date(o.transactionDate).toISOString() : null,
    createdAt: new Date(o.createdAt).toISOString(),
  }));
