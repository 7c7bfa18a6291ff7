import { tenantRows, tenantUpdate } from '../../db/crud';
import type { MailProfileRow } from '../../db/tables/mail-profiles.tables';
import type { Executor } from '../../db/tenant';

export type MailProfileValues = Pick<
  MailProfileRow,
  | 'companyName'
  | 'profileName'
  | 'replyEmail'
  | 'templateType'
  | 'templateKey'
  | 'color'
  | 'logo'
  | 'signature'
  | 'ssoDomain'
  | 'active'
>;

export function listProfiles(db: Executor, companyId: string, f: { limit: number; skip: number }) {
  return tenantRows(db, 'mailProfiles', companyId).orderBy('profileName').limit(f.limit).offset(f.skip).execute();
}

export async function countProfiles(db: Executor, companyId: string) {
  const r = await db
    .selectFrom('mailProfiles')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('companyId', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export function findProfile(db: Executor, companyId: string, id: string) {
  return tenantRows(db, 'mailProfiles', companyId).where('id', '=', id).executeTakeFirst();
}

/** The profile of a template key (the first by name when several share it). */
export function findProfileByTemplateKey(db: Executor, companyId: string, templateKey: string) {
  return tenantRows(db, 'mailProfiles', companyId)
    .where('templateKey', '=', templateKey)
    .orderBy('profileName')
    .limit(1)
    .executeTakeFirst();
}

export function findActiveProfile(db: Executor, companyId: string) {
  return tenantRows(db, 'mailProfiles', companyId).where('active', '=', true).executeTakeFirst();
}

/** Deactivates the company's other profiles (at most one is active). */
export function deactivateOthers(db: Executor, companyId: string, exceptId: string | null) {
  let q = tenantUpdate(db, 'mailProfiles', companyId, { active: false, updatedAt: new Date() }).where(
    'active',
    '=',
    true,
  );
  if (exceptId) q = q.where('id', '!=', exceptId);
  return q.execute();
}

export function insertProfile(db: Executor, row: MailProfileValues & { companyId: string; createdBy: string }) {
  return db.insertInto('mailProfiles').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateProfile(db: Executor, companyId: string, id: string, values: MailProfileValues) {
  return tenantUpdate(db, 'mailProfiles', companyId, { ...values, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
