import type { Generated, Selectable } from 'kysely';

export interface MailProfilesTable {
  id: Generated<string>;
  companyId: string;
  companyName: string;
  profileName: string;
  replyEmail: string;
  templateType: Generated<'default' | 'specific'>;
  templateKey: string | null;
  color: Generated<string>;
  logo: string | null;
  signature: string | null;
  ssoDomain: string | null;
  active: Generated<boolean>;
  createdBy: string | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export type MailProfileRow = Selectable<MailProfilesTable>;

export interface MailProfilesTables {
  mailProfiles: MailProfilesTable;
}
