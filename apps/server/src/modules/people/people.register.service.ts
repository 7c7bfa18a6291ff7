import { type ListEntity, MASKED_CPF_ID, nextTurn } from '@regcheck/screening';
import { isPepStatus, pepStatusOn } from '@regcheck/shared';
import type { Selectable } from 'kysely';
import type { PeopleTable, RegisterStatus } from '../../db/tables/people.tables';
import { type Executor, withSystem } from '../../db/tenant';
import { type AuditActor, auditMany } from '../../lib/audit';
import type { AppDeps, Caller } from '../../plugins/context';
import {
  type KeptListChange,
  keptEntriesChanged,
  keptEntryCount,
  keptListReplaced,
  mergeKeptChanges,
  PEP_REGISTER_LIST,
  replaceKeptEntries,
  writeKeptEntries,
} from '../lists';
import * as repo from './people.repo';

/*
 * The register screened like a list (issue 13): the people who are PEP today (status direct or indirect) are the
 * entries of the `pep-register` list, so that fichas (on create, on demand, in monitoring) and the individual search
 * find them with the same engine, explanation and risk as any other list. Every write of the register records the
 * person's status and brings the list in step in the same transaction; the index is told after the commit.
 */

type Row = Selectable<PeopleTable>;

export const today = () => new Date().toISOString().slice(0, 10);

/** The document type of a CPF the Portal da Transparência publishes masked (***.456.789-**). */
export const MASKED_CPF = 'CPF_MASKED';

/** A person of the register as an entry of the register list. */
export function registerEntity(p: Row, primaryName: string | null): ListEntity {
  const digits = p.dni.replace(/\D/g, '');
  const identifiers =
    p.documentType === MASKED_CPF
      ? digits
        ? [{ type: MASKED_CPF_ID, value: digits, country: 'BR' }]
        : []
      : [{ type: p.documentType, value: p.dni, country: p.country }];
  return {
    id: p.id,
    listId: PEP_REGISTER_LIST,
    schema: p.personType === 'legal' ? 'Company' : 'Person',
    names: [p.name],
    identifiers,
    countries: [p.country],
    programs: [p.position, p.institution].filter((x): x is string => !!x),
    extra: {
      pepLevel: p.pepLevel,
      position: p.position ?? '',
      institution: p.institution ?? '',
      officeStart: p.officeStart ?? '',
      officeEnd: p.officeEnd ?? '',
      pepExpiration: p.pepExpiration ?? '',
      // the screening stops matching the entry after this day, before the daily sweep takes it off the list
      validUntil: p.pepExpiration ?? '',
      primaryPersonId: p.primaryPersonId ?? '',
      primaryName: primaryName ?? '',
      relation: p.relation ?? '',
      dni: p.dni,
    },
  };
}

async function primaryNameOf(ex: Executor, p: Row) {
  return p.primaryPersonId ? ((await repo.findById(ex, p.primaryPersonId))?.name ?? null) : null;
}

/**
 * Brings people's recorded PEP status and their register entries in step with their rows, in the caller's
 * transaction: a status that changed is recorded (people_status_changes, with its cause) and the person enters or
 * leaves the register list; a PEP whose data changed has its entry written again. Answers what to tell the index.
 */
export async function syncRegister(
  ex: Executor,
  who: Caller | null,
  ids: string[],
  cause: string,
): Promise<KeptListChange | null> {
  // the customers who are these people get their PEP status computed again, in every company (decision 170)
  if (registerQueue && ids.length)
    await registerQueue.enqueue(ex, 'fichas.pep.registerChanged', { personIds: [...new Set(ids)] }, { maxAttempts: 3 });
  const t = today();
  const upserts: ListEntity[] = [];
  const removed: string[] = [];
  for (const id of new Set(ids)) {
    const r = await repo.findById(ex, id);
    if (!r) continue;
    const status = pepStatusOn(r, t);
    if (status !== r.registerStatus) await recordStatus(ex, who, r.id, r.registerStatus, status, cause);
    if (isPepStatus(status)) upserts.push(registerEntity(r, await primaryNameOf(ex, r)));
    else if (isPepStatus(r.registerStatus)) removed.push(r.id);
  }
  return writeKeptEntries(ex, PEP_REGISTER_LIST, upserts, removed);
}

/**
 * The queue a register change tells the fichas through (job `fichas.pep.registerChanged`, by its name: people does
 * not import fichas). Set when the module registers its jobs.
 */
let registerQueue: AppDeps['queue'] | null = null;
export function setRegisterQueue(queue: AppDeps['queue']) {
  registerQueue = queue;
}

/** Records a status change of a person (from null: the person entered the register). */
export async function recordStatus(
  ex: Executor,
  who: Caller | null,
  personId: string,
  from: RegisterStatus | null,
  to: RegisterStatus,
  cause: string,
) {
  await repo.setRegisterStatus(ex, personId, to);
  await repo.insertStatusChange(ex, {
    personId,
    fromStatus: from,
    toStatus: to,
    cause,
    changedBy: who?.auth.userId ?? null,
  });
}

export { mergeKeptChanges };

/** Tells this process's index what committed (the other processes follow through the revision poll). */
export const registerChanged = (changes: (KeptListChange | null)[]) => keptEntriesChanged(changes);

const SWEEP_PAGE = 200;
const SYSTEM: AuditActor = { companyId: null, userId: null };

/**
 * The daily sweep: people whose PEP status expired (the day after their expiration) leave the register list, their
 * status becomes expired (recorded and audited as the platform's, not a user's), and the monitoring takes the hit
 * off the fichas that had it. Safe to run twice: an expired person is found once. Answers how many expired.
 */
export async function sweepExpired(deps: AppDeps) {
  let n = 0;
  for (;;) {
    const t = today();
    const change = await withSystem(deps.db, async (trx) => {
      const due = await repo.expiredInRegister(trx, t, SWEEP_PAGE);
      if (!due.length) return { count: 0, change: null };
      const change = await syncRegister(
        trx,
        null,
        due.map((p) => p.id),
        'expired',
      );
      await auditMany(
        trx,
        SYSTEM,
        due.map((p) => ({
          action: 'person.expired' as const,
          entity: 'person',
          id: p.id,
          before: { pepStatus: p.registerStatus, pepExpiration: p.pepExpiration },
          after: { pepStatus: 'expired' },
        })),
      );
      return { count: due.length, change };
    });
    await registerChanged([change.change]);
    n += change.count;
    await nextTurn();
    if (change.count < SWEEP_PAGE) return n;
  }
}

const RESYNC_PAGE = 1000;

/**
 * At start: when the register list does not hold as many entries as there are PEPs (a database restored from
 * before the list existed, an interrupted change), the list is written again from the register, whole.
 */
export async function ensureRegisterInStep(deps: AppDeps) {
  const [people, entries] = await Promise.all([
    withSystem(deps.db, (trx) => repo.countInRegister(trx)),
    withSystem(deps.db, (trx) => keptEntryCount(trx, PEP_REGISTER_LIST)),
  ]);
  if (people === entries) return null;
  const count = await withSystem(deps.db, async (trx) => {
    const all: ListEntity[] = [];
    let after: string | null = null;
    for (;;) {
      const page = await repo.inRegisterPage(trx, after, RESYNC_PAGE);
      const names = await repo.namesOf(trx, [...new Set(page.flatMap((p) => p.primaryPersonId ?? []))]);
      for (const p of page)
        all.push(registerEntity(p, p.primaryPersonId ? (names.get(p.primaryPersonId) ?? null) : null));
      if (page.length < RESYNC_PAGE) break;
      after = page.at(-1)?.id ?? null;
      await nextTurn();
    }
    return replaceKeptEntries(trx, PEP_REGISTER_LIST, all);
  });
  await keptListReplaced(PEP_REGISTER_LIST);
  deps.log.info({ people, entries, count }, 'people: the PEP register list was written again from the register');
  return count;
}
