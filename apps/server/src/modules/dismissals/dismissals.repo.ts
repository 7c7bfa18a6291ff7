import type { Insertable, Updateable } from 'kysely';
import { tenantRows, tenantUpdate } from '../../db/crud';
import type {
  MatchDismissalProposalsTable,
  ProposalStatus,
  ScreeningSettingsTable,
} from '../../db/tables/dismissals.tables';
import type { Executor } from '../../db/tenant';

/** The proposals with the names of their ficha, proposer and decider. */
function withNames(ex: Executor, companyId: string) {
  return ex
    .selectFrom('matchDismissalProposals as p')
    .leftJoin('fichas as f', 'f.id', 'p.fichaId')
    .leftJoin('users as up', 'up.id', 'p.proposedBy')
    .leftJoin('users as ud', 'ud.id', 'p.decidedBy')
    .selectAll('p')
    .select(['f.searchName as fichaName', 'up.name as proposedByName', 'ud.name as decidedByName'])
    .where('p.companyId', '=', companyId);
}

export function findProposal(ex: Executor, companyId: string, id: string) {
  return withNames(ex, companyId).where('p.id', '=', id).executeTakeFirst();
}
export type ProposalRow = NonNullable<Awaited<ReturnType<typeof findProposal>>>;

export function findPending(ex: Executor, companyId: string, fichaId: string, listId: string, entityId: string) {
  return ex
    .selectFrom('matchDismissalProposals')
    .select('id')
    .where('companyId', '=', companyId)
    .where('fichaId', '=', fichaId)
    .where('listId', '=', listId)
    .where('entityId', '=', entityId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

export async function listProposals(
  ex: Executor,
  companyId: string,
  q: { status?: ProposalStatus; fichaId?: string; limit: number; skip: number },
) {
  let base = withNames(ex, companyId);
  if (q.status) base = base.where('p.status', '=', q.status);
  if (q.fichaId) base = base.where('p.fichaId', '=', q.fichaId);
  const rows = await base.orderBy('p.proposedAt', 'desc').orderBy('p.id').limit(q.limit).offset(q.skip).execute();
  let countQ = ex
    .selectFrom('matchDismissalProposals')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('companyId', '=', companyId);
  if (q.status) countQ = countQ.where('status', '=', q.status);
  if (q.fichaId) countQ = countQ.where('fichaId', '=', q.fichaId);
  const c = await countQ.executeTakeFirstOrThrow();
  return { rows, count: Number(c.n) };
}

export async function insertProposal(
  ex: Executor,
  companyId: string,
  row: Omit<Insertable<MatchDismissalProposalsTable>, 'companyId'>,
) {
  const r = await ex
    .insertInto('matchDismissalProposals')
    .values({ ...row, companyId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export function updateProposal(
  ex: Executor,
  companyId: string,
  id: string,
  patch: Updateable<MatchDismissalProposalsTable>,
) {
  return tenantUpdate(ex, 'matchDismissalProposals', companyId, patch).where('id', '=', id).execute();
}

export function findSettings(ex: Executor, companyId: string) {
  return tenantRows(ex, 'screeningSettings', companyId).executeTakeFirst();
}

export function upsertSettings(
  ex: Executor,
  companyId: string,
  s: Pick<ScreeningSettingsTable, 'updatedBy'> & {
    criticalLists: string[];
    dismissalReasons: string[];
    fourEyesNonCritical: boolean;
  },
) {
  const values = {
    companyId,
    criticalLists: JSON.stringify(s.criticalLists),
    dismissalReasons: JSON.stringify(s.dismissalReasons),
    fourEyesNonCritical: s.fourEyesNonCritical,
    updatedBy: s.updatedBy,
  } as unknown as Insertable<ScreeningSettingsTable>;
  return ex
    .insertInto('screeningSettings')
    .values(values)
    .onConflict((oc) =>
      oc.column('companyId').doUpdateSet({
        criticalLists: values.criticalLists,
        dismissalReasons: values.dismissalReasons,
        fourEyesNonCritical: values.fourEyesNonCritical,
        updatedBy: values.updatedBy,
        updatedAt: new Date(),
      }),
    )
    .execute();
}
