import { type Executor, withSystem, withTenant } from '../../db/tenant';
import type { AppDeps } from '../../plugins/context';
import { syncEdd } from './fichas.edd';
import { type PepCause, pepNeighbours, refreshPep, todayUtc } from './fichas.pep';
import * as pepRepo from './fichas.pep.repo';
import { ratingSettingsOf, recalculate } from './fichas.rating.service';
import * as repo from './fichas.repo';

/*
 * The jobs that keep every ficha's one PEP status true over time (decisions 170 and 172): an expiry that passes, a
 * change of the platform's register, a company's new years after office, and the fichas that existed before the
 * status was stored (backfill, with their enhanced due diligence). Each recomputes with `refreshPep` (a history
 * line in words per change, by no user: the platform's own work) and rates again the fichas whose status changed,
 * which brings their risk, their forms required and their EDD along. Idempotent.
 */

export const PEP_REFRESH_JOB = 'fichas.pep.refresh';
export const PEP_COMPANY_JOB = 'fichas.pep.refreshCompany';
export const PEP_REGISTER_JOB = 'fichas.pep.registerChanged';
export const PEP_SWEEP_JOB = 'fichas.pep.sweep';

const PAGE = 200;

type Settings = Awaited<ReturnType<typeof ratingSettingsOf>>;

/**
 * The fichas whose status follows these ones' (a PEP's spouse, relatives, associates and, in Brazil, its co-owners:
 * decision 196), recomputed and rated once these changed. `recalculate` does not reach them here: the status it
 * derives again is the one just stored, so it sees no change.
 */
async function followNeighbours(trx: Executor, companyId: string, changed: string[], s: Settings) {
  if (!changed.length) return;
  const ids = (await pepNeighbours(trx, companyId, changed, s.pepCountry)).filter((id) => !changed.includes(id));
  const who = { companyId, userId: null };
  const more = await refreshPep(trx, companyId, ids, who, 'relationChanged', {
    years: s.pepYears,
    country: s.pepCountry,
  });
  for (const id of more) await recalculate(trx, companyId, id, s, undefined, { cause: 'relationChanged' });
}

/** Recomputes these fichas of a company; the ones whose status changed are rated again (with their PEP relations). */
async function refreshAndRate(deps: AppDeps, companyId: string, ids: string[], cause: PepCause) {
  if (!ids.length) return 0;
  return withTenant(deps.db, companyId, async (trx) => {
    const s = await ratingSettingsOf(trx, companyId);
    const who = { companyId, userId: null };
    const changed = await refreshPep(trx, companyId, ids, who, cause, { years: s.pepYears, country: s.pepCountry });
    for (const id of changed) await recalculate(trx, companyId, id, s, undefined, { cause: 'relationChanged' });
    await followNeighbours(trx, companyId, changed, s);
    return changed.length;
  });
}

/** Job: the fichas given, by id or by document (a PEP form was signed, a related ficha's status changed). */
export async function refreshJob(
  deps: AppDeps,
  companyId: string,
  fichaIds: string[],
  cause: PepCause,
  dnis: string[] = [],
) {
  const byDni = dnis.length
    ? await withTenant(deps.db, companyId, (trx) => repo.findActiveByDni(trx, companyId, dnis))
    : [];
  return refreshAndRate(deps, companyId, [...new Set([...fichaIds, ...byDni.map((r) => r.id)])], cause);
}

/** Job: every active ficha of a company (its years after office changed). */
export async function refreshCompany(deps: AppDeps, companyId: string, cause: PepCause) {
  let after: string | null = null;
  let n = 0;
  for (;;) {
    const page = await withTenant(deps.db, companyId, (trx) => repo.activeFichasPage(trx, companyId, after, PAGE));
    n += await refreshAndRate(
      deps,
      companyId,
      page.map((r) => r.id),
      cause,
    );
    if (page.length < PAGE) return n;
    after = page[page.length - 1]?.id ?? null;
  }
}

/** Job: people of the register changed (created, edited, deactivated, imported, expired): their fichas, everywhere. */
export async function registerChanged(deps: AppDeps, personIds: string[]) {
  // one lookup for every company, by index (decision 192), then each company's fichas in its own tenant transaction
  const byCompany = await withSystem(deps.db, async (trx) => {
    const people = await pepRepo.peopleKeys(trx, personIds);
    const keys = [...new Set(people.map((p) => p.dniKey))];
    return pepRepo.fichasOfPeopleEverywhere(trx, keys, personIds);
  });
  let n = 0;
  for (const [companyId, ids] of byCompany) n += await refreshAndRate(deps, companyId, ids, 'registerChanged');
  return n;
}

/**
 * Job (daily, and at start): in every company, the fichas whose PEP status ended before today (cause `expired`) and
 * those never computed (cause `backfill`: the fichas older than migration 0670, whose enhanced due diligence is
 * brought in step with them). Answers how many were recomputed.
 */
export async function sweep(deps: AppDeps) {
  const companies = await withSystem(deps.db, (trx) => pepRepo.companiesWithFichas(trx));
  let n = 0;
  for (const companyId of companies) {
    for (;;) {
      const today = todayUtc();
      const done = await withTenant(deps.db, companyId, async (trx) => {
        const ids = await pepRepo.fichasToRecompute(trx, companyId, today, PAGE);
        if (!ids.length) return 0;
        const rows = await repo.findFichas(trx, companyId, ids);
        const s = await ratingSettingsOf(trx, companyId);
        const who = { companyId, userId: null };
        const fresh = rows.filter((r) => r.pepDetail === null);
        const expired = rows.filter((r) => r.pepDetail !== null);
        const changed = [
          ...(await refreshPep(trx, companyId, fresh, who, 'backfill', {
            years: s.pepYears,
            country: s.pepCountry,
            today,
          })),
          ...(await refreshPep(trx, companyId, expired, who, 'expired', {
            years: s.pepYears,
            country: s.pepCountry,
            today,
          })),
        ];
        for (const id of changed) await recalculate(trx, companyId, id, s, undefined, { cause: 'relationChanged' });
        await followNeighbours(trx, companyId, changed, s);
        // the backfill of the enhanced due diligence of the fichas that existed before it (decision 172)
        await syncEdd(
          trx,
          companyId,
          fresh.map((r) => r.id),
          who,
          { config: s.config },
        );
        return ids.length;
      });
      n += done;
      if (done < PAGE) break;
    }
  }
  return n;
}

/** The next daily run (00:20 UTC, after the register's own sweep at 00:10). */
export function nextPepSweep(now = new Date()) {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 0, 20, 0));
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return { runAt: next, singletonKey: `${PEP_SWEEP_JOB}:${next.toISOString().slice(0, 10)}` };
}

export async function schedulePepSweep(deps: AppDeps, now = new Date()) {
  const { runAt, singletonKey } = nextPepSweep(now);
  if (await deps.queue.hasKey(deps.db, singletonKey)) return;
  await deps.queue.enqueue(deps.db, PEP_SWEEP_JOB, { scheduled: true }, { runAt, singletonKey, maxAttempts: 2 });
}

export function registerPepJobs(deps: AppDeps) {
  deps.queue.register(PEP_REFRESH_JOB, async (p) => {
    await refreshJob(
      deps,
      String(p.companyId),
      (p.fichaIds as string[]) ?? [],
      (p.cause as PepCause) ?? 'relationChanged',
      (p.dnis as string[]) ?? [],
    );
  });
  deps.queue.register(PEP_COMPANY_JOB, async (p) => {
    await refreshCompany(deps, String(p.companyId), (p.cause as PepCause) ?? 'settingChanged');
  });
  deps.queue.register(PEP_REGISTER_JOB, async (p) => {
    await registerChanged(deps, (p.personIds as string[]) ?? []);
  });
  deps.queue.register(PEP_SWEEP_JOB, async (p) => {
    await sweep(deps);
    if (p.scheduled) await schedulePepSweep(deps, new Date(Date.now() + 60_000));
  });
}
