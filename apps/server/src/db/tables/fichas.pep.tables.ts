import type { Generated, Selectable } from 'kysely';

/**
 * A name match with a person of the PEP register that an officer confirmed is this customer (migration 0670,
 * decision 171): a source of the ficha's PEP status as a document match is.
 */
export interface FichaPepConfirmationsTable {
  companyId: string;
  fichaId: string;
  personId: string;
  confirmedBy: string | null;
  confirmedAt: Generated<Date>;
}

export interface FichaPepTables {
  fichaPepConfirmations: FichaPepConfirmationsTable;
}

export type FichaPepConfirmationRow = Selectable<FichaPepConfirmationsTable>;
