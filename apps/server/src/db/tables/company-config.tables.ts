import type { Generated, Selectable } from 'kysely';

/** The catalogue of commercial activities (global reference data, seeded by migration 0511). */
export interface CommercialActivitiesTable {
  id: Generated<string>;
  code: string;
  nameEs: string;
  namePt: string;
  nameEn: string;
  position: number;
  active: Generated<boolean>;
}

/** A company's signature: an image with the signer's name and title, an active flag and its place in the list. */
export interface CompanySignaturesTable {
  id: Generated<string>;
  companyId: string;
  signerName: string;
  signerTitle: Generated<string>;
  imageKey: string;
  active: Generated<boolean>;
  position: number;
  createdBy: string | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export type CommercialActivityRow = Selectable<CommercialActivitiesTable>;
export type CompanySignatureRow = Selectable<CompanySignaturesTable>;

export interface CompanyConfigTables {
  commercialActivities: CommercialActivitiesTable;
  companySignatures: CompanySignaturesTable;
}
