import { createIndex, type ListEntity, type MemoryScreeningIndex, type ScreeningIndex } from '@regcheck/screening';
import type { AppDeps } from '../../plugins/context';
import { listHit } from '../lists';
import type { ScreenHit, ScreenListResult, ScreenQuery, ScreenResult as SearchResult } from '../search';
import * as real from '../search';

/** What fichas ask the screening service (modules/search/screening.service.ts), in its own types. */
export type { ScreenHit, ScreenQuery } from '../search';

/** What fichas read of a screening result: the search module's, less the threshold and list kinds they ignore. */
export interface ScreenResult extends Omit<SearchResult, 'threshold' | 'lists'> {
  lists: Omit<ScreenListResult, 'kind'>[];
}

/**
 * The screening service as fichas and monitoring use it, plus `listEntities` (what monitoring needs to query the
 * changed entries against the fichas index): the search module's service, or a local in-memory stand-in.
 */
export interface ScreeningPort {
  screen(deps: AppDeps, companyId: string, q: ScreenQuery): Promise<ScreenResult>;
  /** several queries of one company in one pass (a bulk load's batch) */
  screenMany(deps: AppDeps, companyId: string, qs: ScreenQuery[]): Promise<ScreenResult[]>;
  getIndex(): ScreeningIndex;
  listEntities(deps: AppDeps, listId: string, ids: string[] | 'all'): Promise<ListEntity[]>;
  listName(listId: string): string;
  /** ids of the lists in force (monthly monitoring screens against all of them) */
  listIds(deps: AppDeps): Promise<string[]>;
}

/** Lists that never count in `listas.total` (spec 000 §4): the corporate mesh and the low-risk CNPJ validator. */
export const EXCLUDED_FROM_TOTAL = new Set(['corporate-mesh', 'mallaSocietaria', 'cnpj-validator', 'validadorCpfCnpj']);

/**
 * Local stand-in: an in-memory index fed by `replaceList`/`upsertEntities` (tests, benchmarks, demo). Given an
 * application's dependencies, it tells its changes on that application's bus as the lists module does
 * ('list.changed', decision 281); without, nobody hears them.
 */
export class LocalScreening implements ScreeningPort {
  private index: MemoryScreeningIndex = createIndex();
  private names = new Map<string, string>();
  private entities = new Map<string, Map<string, ListEntity>>();

  constructor(private readonly deps?: Pick<AppDeps, 'bus' | 'db'>) {}

  async screen(_deps: AppDeps, _companyId: string, q: ScreenQuery): Promise<ScreenResult> {
    const hits = this.index.search(
      {
        name: q.name,
        fatherName: q.fatherName,
        motherName: q.motherName,
        identifiers: q.dni ? [{ value: q.dni }] : undefined,
        birthDate: q.birthDate?.slice(0, 10),
        countries: q.country ? [q.country] : undefined,
        schema: q.personType === 'legal' ? 'Company' : q.personType === 'natural' ? 'Person' : undefined,
      },
      { limit: 50 },
    );
    const byList = new Map<string, ScreenHit[]>();
    for (const h of hits) {
      const list = byList.get(h.listId) ?? [];
      list.push(listHit(h));
      byList.set(h.listId, list);
    }
    const lists = [...this.names.keys()].map((listId) => {
      const listHits = byList.get(listId) ?? [];
      return { listId, listName: this.listName(listId), coincidence: listHits.length > 0, hits: listHits };
    });
    return {
      total: lists.filter((l) => l.coincidence && !EXCLUDED_FROM_TOTAL.has(l.listId)).length,
      lastChecked: new Date().toISOString(),
      lists,
    };
  }

  async screenMany(deps: AppDeps, companyId: string, qs: ScreenQuery[]) {
    return Promise.all(qs.map((q) => this.screen(deps, companyId, q)));
  }

  getIndex() {
    return this.index;
  }

  listName(listId: string) {
    return this.names.get(listId) ?? listId;
  }

  async listIds() {
    return [...this.names.keys()];
  }

  async listEntities(_deps: AppDeps, listId: string, ids: string[] | 'all') {
    const all = this.entities.get(listId) ?? new Map<string, ListEntity>();
    if (ids === 'all') return [...all.values()];
    return ids.map((id) => all.get(id)).filter((e): e is ListEntity => !!e);
  }

  /** Replaces a whole list (a new list version) and tells the listeners. */
  async replaceList(listId: string, listName: string, entities: ListEntity[]) {
    this.names.set(listId, listName);
    this.entities.set(listId, new Map(entities.map((e) => [e.id, e])));
    this.index.replaceList(listId, entities);
    await this.emit(listId, 'all');
  }

  /** Adds or changes some entries of a list and tells the listeners which. */
  async upsertEntities(listId: string, listName: string, entities: ListEntity[]) {
    this.names.set(listId, listName);
    const map = this.entities.get(listId) ?? new Map<string, ListEntity>();
    for (const e of entities) {
      if (map.has(e.id)) this.index.remove(listId, e.id);
      map.set(e.id, e);
      this.index.add(e);
    }
    this.entities.set(listId, map);
    await this.emit(
      listId,
      entities.map((e) => e.id),
    );
  }

  private async emit(listId: string, changed: string[] | 'all') {
    if (this.deps) await this.deps.bus.publish(this.deps.db, 'list.changed', { listId, changed });
  }
}

let port: ScreeningPort | undefined;

/** The search module's screening service behind the port. */
const realPort = (): ScreeningPort => ({
  screen: (deps, companyId, q) => real.screen(deps, companyId, q),
  screenMany: (deps, companyId, qs) => real.screenMany(deps, companyId, qs),
  getIndex: () => real.getIndex(),
  listName: (id) => real.listName(id),
  listIds: (deps) => real.listIds(deps),
  listEntities: (deps, listId, ids) => real.listEntities(deps, listId, ids),
});

/** The screening service of the lists module (modules/search/screening.service.ts). */
export async function loadScreening(): Promise<ScreeningPort> {
  port ??= realPort();
  return port;
}

/** The screening service in use. */
export function screening(): ScreeningPort {
  port ??= realPort();
  return port;
}

/** Tests and benchmarks use the local stand-in, fed by hand (its changes told on `deps`' bus when given). */
export function useLocalScreening(deps?: Pick<AppDeps, 'bus' | 'db'>): LocalScreening {
  const local = new LocalScreening(deps);
  port = local;
  return local;
}

/** Back to the lists module's service. */
export function useRealScreening() {
  port = realPort();
  return port;
}
