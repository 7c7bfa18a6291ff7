import type { Generated, Selectable } from 'kysely';
import type { StoredDocument } from '../../lib/stored-documents';
import type { Json, NullableTimestamp } from '../schema';

export interface TransactionsTable {
  id: Generated<string>;
  companyId: string;
  dni: string;
  fichaId: string | null;
  operationId: string | null;
  transactionType: string | null;
  transactionDate: NullableTimestamp;
  divisa: string;
  amount: Generated<number>;
  cashAmount: Generated<number>;
  description: string | null;
  files: Json<StoredDocument[]>;
  isActive: Generated<boolean>;
  read: Generated<boolean>;
  createdBy: string | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface TransactionsTables {
  transactions: TransactionsTable;
}

export type TransactionRow = Selectable<TransactionsTable>;
