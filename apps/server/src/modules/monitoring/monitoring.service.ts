import { createIndex, type ListEntity, type MemoryScreeningIndex, maskedCpfOf } from '@regcheck/screening';
import { type FichaListasT, type Locale, listControlsOf, localeOf, translate } from '@regcheck/shared';
import { isFileWithoutDocument } from '@regcheck/shared/documents/index';
import { platformSetting } from '../../db/platform-settings.repo';
import { type Executor, withSystem, withTenant } from '../../db/tenant';
import type { JobQueue } from '../../jobs/queue';
import { type AuditActor, audit } from '../../lib/audit';
import type { AppDeps, Caller } from '../../plugins/context';
import type { FichaScreenedEvent } from '../fichas';
import * as fichasData from '../fichas';
import {
  type Dismissal,
  dismissalKey,
  fullNameOf,
  mergeListHits,
  type RatingSettings,
  ratingSettingsOf,
  recalculate,
  recalculateWithParents,
  screening,
} from '../fichas';
import { thresholdOf } from '../lists';
import type { ScreenHit } from '../search';
import { deliverWebhookEvent } from '../webhooks';
import { type MaskedCpfIndex, maskedCpfKeyOf, maskedScreen } from './monitoring.masked-cpf';
import * as repo from './monitoring.repo';
import * as notificationsRepo from './notifications.repo';
import { type NotificationText, notificationText, renderDescription, renderText } from './notifications.service';

const PAGE = 5000;

type FichaLite = Awaited<ReturnType<typeof fichasData.readActiveFichasPage>>[number];

/** The company's fichas as screening entities (the index "the other way round"). */
export function fichaEntity(f: FichaLite): ListEntity {
  const dniType = (typeof f.dniType === 'string' ? JSON.parse(f.dniType) : f.dniType) as { document?: string };
  const names = [fullNameOf(f)];
  if (f.personType === 'legal' && f.fantasyName) names.push(f.fantasyName);
  return {
    id: f.id,
    listId: 'fichas',
    schema: f.personType === 'legal' ? 'Company' : 'Person',
    names: names.filter(Boolean),
    identifiers: isFileWithoutDocument(f.dni) ? [] : [{ type: dniType?.document ?? '', value: f.dni }],
    birthDates: f.birthDate ? [new Date(f.birthDate).toISOString().slice(0, 10)] : undefined,
    countries: f.nationality ? [f.nationality] : undefined,
  };
}

/** Builds the in-memory index of every active ficha of a company, and its masked CPF keys. */
export async function buildFichaIndex(deps: AppDeps, companyId: string) {
  const entities: ListEntity[] = [];
  const masked: MaskedCpfIndex = new Map();
  let after: string | null = null;
  for (;;) {
    const page = await withTenant(deps.db, companyId, (trx) =>
      fichasData.readActiveFichasPage(trx, companyId, after, PAGE),
    );
    for (const f of page) {
      const e = fichaEntity(f);
      entities.push(e);
      const key = maskedCpfKeyOf(f, e);
      if (key) masked.set(key, [...(masked.get(key) ?? []), f.id]);
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1]?.id ?? null;
  }
  return { index: createIndex(entities), size: entities.length, masked };
}

/**
 * Queries each list entry against the fichas index; answers the hits per ficha id. An entry known by a masked CPF
 * only (the Portal's PEP list, the register's people imported from it) links a ficha with a CPF when the digits it
 * shows and the name agree and only one ficha of the company has them (decision 132: `masked`); two or more cannot
 * be told apart and none is linked. Fichas without a CPF are compared by name as with any entry.
 */
export function reverseScreen(
  index: MemoryScreeningIndex,
  entries: ListEntity[],
  threshold: number,
  masked?: MaskedCpfIndex,
) {
  const byFicha = new Map<string, ScreenHit[]>();
  const add = (fichaId: string, hit: ScreenHit) => byFicha.set(fichaId, [...(byFicha.get(fichaId) ?? []), hit]);
  for (const e of entries) {
    const digits = masked ? maskedCpfOf(e) : null;
    if (masked && digits) {
      maskedScreen(index, e, digits, threshold, masked, add);
      continue;
    }
    const seen = new Set<string>();
    const names = e.names.slice(0, 4);
    for (const name of names.length ? names : ['']) {
      const hits = index.search(
        {
          name: name || undefined,
          identifiers: e.identifiers?.map((i) => ({ type: i.type, value: i.value })),
          birthDate: e.birthDates?.[0],
          countries: e.countries,
          schema: e.schema === 'Person' || e.schema === 'Company' ? e.schema : undefined,
        },
        { threshold, limit: 20 },
      );
      for (const h of hits) {
        if (seen.has(h.entityId)) continue;
        seen.add(h.entityId);
        const list = byFicha.get(h.entityId) ?? [];
        list.push({
          entityId: e.id,
          name: e.names[0] ?? '',
          matchedName: name,
          score: h.score,
          explanation: h.explanation,
          entity: e,
        });
        byFicha.set(h.entityId, list);
      }
    }
  }
  return byFicha;
}

/** A new match of a ficha in a list, as the alert of a notification. */
export interface MatchAlert {
  entityId: string;
  name: string;
  score: number;
  /** the hash of the list entry the match was found with (listas `entryHash`) */
  entryHash?: string;
}

/** The stored key of a match's notification: once per ficha and list entry (a changed entry alerts again). */
export const matchKey = (fichaId: string, listId: string, a: Pick<MatchAlert, 'entityId' | 'entryHash'>) =>
  `${fichaId}|${listId}|${a.entityId}|${a.entryHash ?? ''}`;

/**
 * The one way a list match alerts, whoever found it (a monitoring run, a bulk load, a ficha created, edited or
 * screened again, a participant created inside an operation, a public link): in the caller's transaction, each
 * alert not notified before for the ficha and list entry (the notification's match key, unique per company) writes
 * one notification (kind monitoring.match, in the company's language, read by the roles that read the customers'
 * notifications), the list.match webhook event, and one audit row for the ficha naming who made the change (no
 * user for a job) and, for a monitoring run, that the run found it. Answers how many notifications were written.
 */
export async function raiseMatchAlerts(
  queue: Pick<JobQueue, 'enqueue'>,
  trx: Executor,
  companyId: string,
  locale: Locale,
  row: { id: string; dni: string } & Parameters<typeof fullNameOf>[0],
  listId: string,
  listName: string,
  alerts: MatchAlert[],
  who: Caller | AuditActor = { companyId, userId: null },
  source: 'monitoring' | 'change' = 'change',
) {
  const name = fullNameOf(row);
  // the list by its name in the company's language where the catalogue has one ('Registro PEP de RegCheck')
  const catalogKey = `screening:catalog.${listId}`;
  const catalogName = translate(locale, catalogKey);
  const shownList = catalogName === catalogKey ? listName : catalogName;
  const raised: MatchAlert[] = [];
  for (const a of alerts) {
    // keys and values (decision 190): each reader reads it in their language; the stored text is the company's
    const text: NotificationText = {
      title: 'fichas:notifications.newMatchTitle',
      description: 'fichas:notifications.newMatchDescription',
      params: { name, dni: row.dni, matchedName: a.name, listName: shownList, score: a.score.toFixed(2) },
      paramKeys: { listName: catalogKey },
    };
    const written = await notificationsRepo.insertMatchNotification(trx, {
      companyId,
      fichaId: row.id,
      kind: 'monitoring.match',
      title: renderText(locale, text.title, text),
      description: renderDescription(locale, text),
      data: JSON.stringify({ listId, entityId: a.entityId, score: a.score, ...notificationText(text) }),
      matchKey: matchKey(row.id, listId, a),
    });
    if (!written) continue;
    raised.push(a);
    await deliverWebhookEvent(queue, trx, companyId, 'list.match', {
      fichaId: row.id,
      name,
      dni: row.dni,
      listId,
      listName,
      entityId: a.entityId,
      matchedName: a.name,
      score: a.score,
    });
  }
  if (raised.length) {
    await audit(trx, who, {
      action: 'ficha.monitoring.match',
      entity: 'ficha',
      id: row.id,
      // the source tells the history's sentence who found it (decision 246): a run, or the change of `who`
      after: { listId, entities: raised.map((a) => a.entityId), ...(source === 'monitoring' ? { source } : {}) },
    });
  }
  return raised.length;
}

/** Each list's matches that nobody dismissed, as alerts. */
function matchesOf(listas: FichaListasT | null | undefined) {
  return (listas?.lists ?? []).flatMap((l) => {
    const alerts = l.coincidence
      ? l.hits
          .filter((h) => !h.dismissed)
          .map((h) => ({ entityId: h.entityId, name: h.name, score: h.score, entryHash: h.entryHash }))
      : [];
    return alerts.length ? [{ listId: l.listId, listName: l.listName, alerts }] : [];
  });
}

/**
 * The matches of a ficha a change screened just now (the bus's `ficha.screened`, decision 281: created by hand or by
 * a bulk load, its identity edited, restored by a bulk load, screened again), in the change's transaction: every match
 * nobody dismissed alerts through `raiseMatchAlerts`, which writes nothing for a ficha and list entry already
 * notified (by a monitoring run or an earlier change); with `newOnly` (a bulk load updating a ficha it already
 * had), only the matches the listas before did not hold. Answers how many notifications were written.
 */
export async function notifyFichaMatches(deps: AppDeps, e: FichaScreenedEvent) {
  // the matches (list and entry) the listas before already held as alerts
  const held = new Set(
    e.newOnly ? matchesOf(e.previous).flatMap((l) => l.alerts.map((a) => `${l.listId}:${a.entityId}`)) : [],
  );
  const lists = matchesOf(e.listas).flatMap((l) => {
    const alerts = l.alerts.filter((a) => !held.has(`${l.listId}:${a.entityId}`));
    return alerts.length ? [{ ...l, alerts }] : [];
  });
  if (!lists.length) return 0;
  const locale = localeOf((await repo.companyLanguage(e.trx, e.companyId)) ?? 'es');
  let n = 0;
  for (const l of lists)
    n += await raiseMatchAlerts(deps.queue, e.trx, e.companyId, locale, e.ficha, l.listId, l.listName, l.alerts, e.who);
  return n;
}

export interface MonitoringStats {
  companyId: string;
  fichasIndexed: number;
  entriesQueried: number;
  fichasUpdated: number;
  /** matches that were not there before (each one a notification) */
  newMatches: number;
  notifications: number;
  ms: number;
}

/**
 * Screens every active ficha of a company against the changed entries of a list: the fichas are indexed and the
 * entries queried against them. Each new (not dismissed) match is stored in listas, raises a notification and
 * recalculates the risk of the ficha and of those it is related to.
 */
export async function screenCompanyAgainst(
  deps: AppDeps,
  company: { id: string; language: string; settings: unknown },
  listId: string,
  entries: ListEntity[],
  changed: string[] | 'all',
  prebuilt?: { index: MemoryScreeningIndex; masked: MaskedCpfIndex },
): Promise<MonitoringStats> {
  const t0 = Date.now();
  const companyId = company.id;
  // a list the super administrator switched off for this company does not screen it (decision 64)
  if (listControlsOf(company.settings)[listId]?.enabled === false)
    return { companyId, fichasIndexed: 0, entriesQueried: 0, fichasUpdated: 0, newMatches: 0, notifications: 0, ms: 0 };
  const built = prebuilt ? { ...prebuilt, size: prebuilt.index.size() } : await buildFichaIndex(deps, companyId);
  const byFicha = reverseScreen(built.index, entries, thresholdOf(company.settings), built.masked);
  const changedSet = changed === 'all' ? ('all' as const) : new Set(changed);
  // fichas that had hits in this list for the changed entries may lose them
  const previously = await withTenant(deps.db, companyId, (trx) => repo.fichasWithHitsIn(trx, companyId, listId));
  const ids = new Set([...byFicha.keys(), ...previously]);
  const listName = screening().listName(listId);
  const locale = localeOf(company.language);
  let fichasUpdated = 0;
  let notifications = 0;
  let newMatches = 0;
  const all = [...ids];
  // the company's risk model, owner settings and review periods, read once for all its fichas
  let settings: RatingSettings | undefined;
  for (let i = 0; i < all.length; i += 200) {
    const batch = all.slice(i, i + 200);
    await withTenant(deps.db, companyId, async (trx) => {
      const rows = await fichasData.readFichas(trx, companyId, batch);
      const dismissRows = await repo.dismissalsOf(trx, companyId, batch, listId);
      settings ??= await ratingSettingsOf(trx, companyId);
      for (const row of rows) {
        const dismissals = new Map<string, Dismissal>();
        for (const d of dismissRows) if (d.fichaId === row.id) dismissals.set(dismissalKey(d.listId, d.entityId), d);
        const previous = (typeof row.listas === 'string' ? JSON.parse(row.listas) : row.listas) as FichaListasT | null;
        const hits = byFicha.get(row.id) ?? [];
        const { listas, alerts } = mergeListHits(
          previous,
          listId,
          listName,
          hits,
          changedSet,
          dismissals,
          row.dni,
          row.personType,
        );
        const before = JSON.stringify(
          previous?.lists.find((l) => l.listId === listId)?.hits.map((h) => [h.entityId, h.entryHash, h.dismissed]) ??
            [],
        );
        const after = JSON.stringify(
          listas.lists.find((l) => l.listId === listId)?.hits.map((h) => [h.entityId, h.entryHash, h.dismissed]) ?? [],
        );
        if (before === after && alerts.length === 0) continue;
        fichasUpdated++;
        await fichasData.updateFichaListas(trx, companyId, row.id, {
          listas: JSON.stringify(listas),
          listasTotal: listas.total,
        });
        await recalculate(trx, companyId, row.id, settings);
        newMatches += alerts.length;
        notifications += await raiseMatchAlerts(
          deps.queue,
          trx,
          companyId,
          locale,
          row,
          listId,
          listName,
          alerts,
          { companyId, userId: null },
          'monitoring',
        );
        // the fichas that have this one as a related person: their risk follows
        await recalculateWithParents(trx, companyId, row.id);
      }
    });
  }
  return {
    companyId,
    fichasIndexed: built.size,
    entriesQueried: entries.length,
    fichasUpdated,
    newMatches,
    notifications,
    ms: Date.now() - t0,
  };
}

function activeCompanies(deps: AppDeps) {
  return withSystem(deps.db, (trx) => repo.activeCompanies(trx));
}

/** Job: a list changed; every company's fichas are screened against what changed. */
export async function onListChangedJob(deps: AppDeps, listId: string, changed: string[] | 'all') {
  const entries = await screening().listEntities(deps, listId, changed);
  const stats: MonitoringStats[] = [];
  for (const c of await activeCompanies(deps))
    stats.push(await screenCompanyAgainst(deps, c, listId, entries, changed));
  return stats;
}

/**
 * Job: the run of one company against every list, once per kind and period (monthly: the month; manual: the
 * request), idempotent through monitoring_runs: a run already finished is not done again, one cut short is resumed.
 * The run records what it did: fichas screened, lists, new matches, fichas updated, notifications and duration.
 */
export async function monthlyJob(
  deps: AppDeps,
  companyId: string,
  period: string,
  kind: 'monthly' | 'manual' = 'monthly',
  requestedBy: string | null = null,
) {
  const claimed = await withTenant(deps.db, companyId, async (trx) => {
    const run =
      (await repo.claimRun(trx, companyId, kind, period)) ?? (await repo.unfinishedRun(trx, companyId, kind, period));
    if (run && requestedBy) await repo.setRequestedBy(trx, companyId, run.id, requestedBy);
    return run;
  });
  if (!claimed) return null;
  const company = (await activeCompanies(deps)).find((c) => c.id === companyId);
  if (!company) return null;
  const t0 = Date.now();
  const { index, size, masked } = await buildFichaIndex(deps, companyId);
  const stats: MonitoringStats[] = [];
  for (const listId of await screening().listIds(deps)) {
    const entries = await screening().listEntities(deps, listId, 'all');
    stats.push(await screenCompanyAgainst(deps, company, listId, entries, 'all', { index, masked }));
  }
  const sum = (k: 'newMatches' | 'fichasUpdated' | 'notifications') => stats.reduce((n, s) => n + s[k], 0);
  await withTenant(deps.db, companyId, (trx) =>
    repo.finishRunWithCounts(trx, companyId, claimed.id, stats, {
      fichasScreened: size,
      lists: stats.length,
      newMatches: sum('newMatches'),
      fichasUpdated: sum('fichasUpdated'),
      notifications: sum('notifications'),
      durationMs: Date.now() - t0,
    }),
  );
  return stats;
}

/** The platform's day of the monthly run (setting monitoringDay of the monitoring page; 1 when never set). */
export async function platformMonitoringDay(deps: AppDeps): Promise<number> {
  const s = await withSystem(deps.db, (trx) => platformSetting(trx, 'monitoringDay'));
  const v = typeof s?.value === 'string' ? JSON.parse(s.value) : s?.value;
  return typeof v === 'number' ? v : 1;
}

/**
 * Enqueues the monthly run of each company whose monitoring day is today: the company's own setting monitoringDay,
 * else the platform's (the super administrator's monitoring page), else the 1st.
 */
export async function scheduleMonthly(deps: AppDeps, now = new Date()) {
  const period = now.toISOString().slice(0, 7);
  const platformDay = await platformMonitoringDay(deps);
  let n = 0;
  for (const c of await activeCompanies(deps)) {
    const day = (c.settings as { monitoringDay?: number } | null)?.monitoringDay ?? platformDay;
    if (now.getUTCDate() !== day) continue;
    await deps.queue.enqueue(
      deps.db,
      'monitoring.monthly',
      { companyId: c.id, period },
      { singletonKey: `monitoring:${c.id}:${period}`, companyId: c.id },
    );
    n++;
  }
  return n;
}
