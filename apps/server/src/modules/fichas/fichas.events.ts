import type { FichaListasT } from '@regcheck/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import type { FichaRow } from '../../db/tables/fichas.tables';
import type { Executor } from '../../db/tenant';
import type { AuditActor } from '../../lib/audit';
import type { AppDeps, Caller } from '../../plugins/context';

/**
 * Fichas moved to the trash, back from it, or about to be deleted for good, told on the application's bus (decision
 * 281; the operations module soft-deletes, restores or unlinks the operations where they are associated persons).
 * Listeners run inside the change's transaction: a failing listener rolls the whole change back, so fichas and their
 * operations move to and from the trash together.
 */
export interface FichasEvent {
  trx: Transaction<Database>;
  companyId: string;
  fichaIds: string[];
  userId: string | null;
}

/**
 * Operations where a ficha is an associate, for GET /fichas-clientes/with-relations: a question on the bus that the
 * operations module answers (decision 287); none when no module answers it.
 */
export type AssociatesAnswer = (trx: Transaction<Database>, companyId: string, fichaId: string) => Promise<unknown[]>;
export function fichaAssociates(deps: AppDeps, trx: Transaction<Database>, companyId: string, fichaId: string) {
  return deps.bus.answerer('fichas.associates')?.(trx, companyId, fichaId) ?? Promise.resolve([]);
}

/**
 * A ficha's listas were screened inside a change (created, alone or in a bulk load's batch, its identity edited,
 * restored by a bulk load, screened on demand or by the job that screens a related person): the change's
 * transaction, who made it, the listas before (null for a new ficha) and after. The monitoring module raises the
 * alerts of its matches (monitoring.service `notifyFichaMatches`), in the same transaction: a failing listener
 * rolls the change back.
 */
export interface FichaScreenedEvent {
  trx: Executor;
  who: Caller | AuditActor;
  companyId: string;
  ficha: FichaRow;
  previous: FichaListasT | null;
  listas: FichaListasT;
  /**
   * Only the matches `previous` did not hold (nobody dismissed) alert: a bulk load updating a ficha it already had
   * (a reload of the whole portfolio does not announce every known match again). Otherwise every match alerts.
   */
  newOnly?: boolean;
}

declare module '../../jobs/events' {
  interface TransactionEvents {
    /** fichas moved to the trash (status inactive) */
    'fichas.softDeleted': FichasEvent;
    /** fichas came back from the trash */
    'fichas.restored': FichasEvent;
    /** fichas are about to be deleted for good (references must be cleared) */
    'fichas.hardDeleted': FichasEvent;
    /** a change stored a ficha's new screening (the monitoring module alerts its matches) */
    'ficha.screened': FichaScreenedEvent;
  }
  interface BusQuestions {
    /** the operations where a ficha is an associate person (answered by the operations module) */
    'fichas.associates': AssociatesAnswer;
  }
}
