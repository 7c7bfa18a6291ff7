import { padCodigo } from '@regcheck/shared/format/index';
import type { ParticipantFormStatus } from '@regcheck/shared/schemas/operations';
import type { z } from 'zod';
import type { Executor } from '../../db/tenant';
import { audit } from '../../lib/audit';
import {
  type FichasEvent,
  onFichasHardDeleted,
  onFichasRestored,
  onFichasSoftDeleted,
  setFichaAssociatesProvider,
} from '../fichas/fichas.events';
import * as repo from './operations.repo';

let registered = false;

/** Form statuses of an operation's participants, given by the forms module (it registers itself; none: notRequired). */
export type FormStatusProvider = (
  trx: Executor,
  companyId: string,
  operationId: string,
) => Promise<z.infer<typeof ParticipantFormStatus>[]>;
let formStatusProvider: FormStatusProvider | null = null;
export const setFormStatusProvider = (p: FormStatusProvider) => {
  formStatusProvider = p;
};
export const formStatusProviderOf = () => formStatusProvider;

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
 * transaction; restoring them brings those operations back; a permanent delete unlinks the participations.
 * Registered once per process.
 */
export function registerFichasHooks() {
  if (registered) return;
  registered = true;
  onFichasSoftDeleted((e) => cascade(e, 'inactive'));
  onFichasRestored((e) => cascade(e, 'active'));
  onFichasHardDeleted((e) => repo.unlinkFichas(e.trx, e.companyId, e.fichaIds));
  setFichaAssociatesProvider(async (trx, companyId, fichaId) =>
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
    })),
  );
}
